import type { ReactNode } from 'react';

interface MessageStateProps {
  title: string;
  /** `error` is announced at once to screen readers; `info` waits its turn. */
  tone?: 'info' | 'error';
  children?: ReactNode;
  /** Links or buttons that let the visitor move on, so a dead end is never the last word. */
  actions?: ReactNode;
}

/** A full-width message for empty, not-found and error states. */
export function MessageState({ title, tone = 'info', children, actions }: MessageStateProps) {
  return (
    <section className={`state state--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <h1 className="state__title">{title}</h1>
      {children}
      {actions ? <div className="state__actions">{actions}</div> : null}
    </section>
  );
}
