import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { Button, type ButtonProps } from './button.tsx';
import { classNames } from './class-names.ts';
import styles from './dialog.module.css';
import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

/** Widths from 36rem up (below that every dialog is a sheet the width of the screen): 28, 30 and 34rem. */
export type DialogSize = 'small' | 'medium' | 'large';

/** Whether the open dialog is busy: its close buttons are disabled meanwhile. */
const DialogBusyContext = createContext(false);

export interface DialogProps {
  /** The heading, also the dialog's accessible name. */
  title: ReactNode;
  /** A sentence or two under the title, read with it (aria-describedby). */
  description?: ReactNode;
  /** A short line above the title, e.g. 'Step 1 of 4'. */
  eyebrow?: ReactNode;
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  size?: DialogSize;
  /**
   * A request started in the dialog is running: Escape, a tap outside and the close buttons do
   * nothing (the close buttons are disabled) until it is answered.
   */
  busy?: boolean;
  /**
   * Modal (the default): the page behind is dimmed and inert, focus stays inside. Not modal: a
   * card in a corner beside the page, which stays usable; a click on the page leaves it open.
   */
  modal?: boolean;
  /** The × button beside the title (default on); off where the footer has the dialog's own Close. */
  closeButton?: boolean;
  /** Actions at the end, in a row (`DialogActions`); a form puts its `DialogActions` inside itself instead. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * The kit's dialog (decision 0061) on Radix Dialog, which gives the focus handling: focus moves
 * into the dialog when it opens, stays inside while a modal one is open, and returns to the
 * trigger when it closes; Escape closes it. On a phone it is a sheet the width of the screen at
 * its bottom. Styles are a CSS Module: no remote's stylesheet reaches it, whichever is loaded.
 */
export function Dialog({ title, description, eyebrow, trigger, open, defaultOpen, onOpenChange, size = 'medium', busy = false, modal = true, closeButton = true, footer, children }: DialogProps) {
  const t = useT<UiTextId>();
  const refuseWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <RadixDialog.Root
      open={open}
      defaultOpen={defaultOpen}
      modal={modal}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange?.(next);
      }}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        {modal ? <RadixDialog.Overlay className={styles.overlay} /> : null}
        <RadixDialog.Content
          className={modal ? classNames(styles.content, styles[size]) : styles.corner}
          // Without a description there is nothing to point at (and Radix would warn).
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onEscapeKeyDown={refuseWhileBusy}
          onInteractOutside={(event) => {
            // A card beside the page is not closed by using the page.
            if (busy || !modal) event.preventDefault();
          }}
        >
          <DialogBusyContext.Provider value={busy}>
            <div className={classNames(styles.heading, closeButton && styles.besideClose)}>
              {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            </div>
            {description === undefined ? null : <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
            {children !== undefined || footer !== undefined ? (
              <div className={styles.body}>
                {children}
                {footer === undefined ? null : <DialogActions>{footer}</DialogActions>}
              </div>
            ) : null}
            {closeButton ? (
              // Last in the document, shown in the corner: focus opens on the dialog's first field or
              // action, as before the kit, and the close button is the last stop of the Tab cycle.
              <RadixDialog.Close className={styles.close} aria-label={t('ui.close')} disabled={busy}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </RadixDialog.Close>
            ) : null}
          </DialogBusyContext.Provider>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's actions in a row: each shares the width (two side by side on a 360px phone), or with
 * `align="end"` keeps its own width at the end of the row.
 */
export function DialogActions({ align = 'fill', children }: { align?: 'fill' | 'end'; children: ReactNode }) {
  return <div className={classNames(styles.actions, align === 'end' && styles.actionsEnd)}>{children}</div>;
}

/** A button that closes the dialog (Cancel, Done); disabled while the dialog is busy. Secondary unless told. */
export function DialogClose({ variant = 'secondary', disabled, ...button }: ButtonProps) {
  const busy = useContext(DialogBusyContext);
  return (
    <RadixDialog.Close asChild>
      <Button variant={variant} disabled={busy || disabled} {...button} />
    </RadixDialog.Close>
  );
}
