import type { ReactNode, RefObject } from 'react';
import { Dialog } from 'radix-ui';
import './slide-out-menu.css';

interface SlideOutMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The visible heading of the panel, also its accessible name ('Menu'). */
  title: string;
  /**
   * The button that opened the menu. It lives outside this component (so the page does not
   * have to download Radix before the first tap), and gets focus back when the menu closes.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Return false to leave focus alone on close, e.g. after a link moved to a new page. */
  shouldReturnFocus?: () => boolean;
  children: ReactNode;
}

/**
 * A panel that slides in from the right over a dimmed page: a modal dialog (Radix), so focus
 * stays inside while it is open, Escape and a tap outside close it, and the page behind is
 * hidden from screen readers.
 */
export function SlideOutMenu({ open, onOpenChange, title, returnFocusTo, shouldReturnFocus, children }: SlideOutMenuProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="slide-out-menu__overlay" />
        <Dialog.Content
          className="slide-out-menu"
          // The panel is a list of links; there is no description to point at.
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (shouldReturnFocus && !shouldReturnFocus()) return;
            returnFocusTo?.current?.focus();
          }}
        >
          <div className="slide-out-menu__header">
            <Dialog.Title className="slide-out-menu__title">{title}</Dialog.Title>
            <Dialog.Close className="slide-out-menu__close" aria-label={`Close ${title.toLowerCase()}`}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="slide-out-menu__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
