import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the one thing to do; secondary: the others (Cancel); danger: removes or undoes; ghost: a quiet extra. */
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  /** The whole width of its container (a phone form's main action). */
  block?: boolean;
  /**
   * A request started by this button is running: the button is disabled (a second tap sends
   * nothing), says so to screen readers (aria-busy) and shows `busyLabel` if given.
   */
  busy?: boolean;
  /** What the button says while busy ('Saving…'). */
  busyLabel?: ReactNode;
}

/**
 * The kit's button (decision 0061). `type` is 'button' unless given: a button inside a form
 * submits only when it says so. Its styles are a CSS Module, so no remote's `.button` rules reach it.
 */
export function Button({ variant = 'primary', size = 'medium', block = false, busy = false, busyLabel, type = 'button', className, disabled, onClick, children, ...button }: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // A click that reaches a busy button anyway (dispatched by script) does not act.
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...button}
      type={type}
      className={classNames(styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={click}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
