import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { MpesaPrompt } from './buyer-api.ts';

const TITLES: Record<MpesaPrompt['state'], string> = {
  waiting: 'Check your phone',
  paid: 'Payment received',
  failed: 'Payment not completed',
};

export interface MpesaPromptPanelProps {
  prompt: MpesaPrompt;
  /** Take the focus when shown: the button the buyer tapped is gone. */
  autoFocus: boolean;
  sending: boolean;
  stoppedChecking: boolean;
  /** The section's error message, if any, shown above the panel's buttons. */
  alert: ReactNode;
  onRetry(): void;
  onCheckAgain(): void;
  onOtherNumber(): void;
}

/**
 * Where the prompt stands, in the server's words (it owns the wording of every M-Pesa result):
 * waiting with a spinner, paid, or failed with what can be done next. The words are a live
 * region, so a change is read out; the buttons stay outside it.
 */
export function MpesaPromptPanel({ prompt, autoFocus, sending, stoppedChecking, alert, onRetry, onCheckAgain, onOtherNumber }: MpesaPromptPanelProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // Before paint, so the focus never sits on the page while the panel replaces the form.
  useLayoutEffect(() => {
    if (autoFocus) title.current?.focus();
  }, [autoFocus, prompt.id]);

  const waiting = prompt.state === 'waiting';
  const failed = prompt.state === 'failed';
  return (
    <div className={`mpesa-panel mpesa-panel--${prompt.state}`}>
      <div className="mpesa-panel__words" role="status" aria-live="polite" aria-atomic="true">
        <h3 ref={title} tabIndex={-1}>
          {TITLES[prompt.state]}
        </h3>
        <p>{prompt.message}</p>
        {prompt.state === 'paid' ? null : <p className="note">M-Pesa request sent to {prompt.phone}</p>}
        {waiting && !stoppedChecking ? (
          <p className="mpesa-panel__progress">
            <span className="spinner" aria-hidden="true" />
            Waiting for M-Pesa…
          </p>
        ) : null}
        {waiting && stoppedChecking ? <p>M-Pesa has not answered yet. If you already entered your PIN, check again.</p> : null}
      </div>
      {alert}
      {waiting && stoppedChecking ? (
        <button type="button" className="button button--secondary button--block" onClick={onCheckAgain}>
          Check again
        </button>
      ) : null}
      {failed && prompt.canRetry ? (
        <button type="button" className="button button--block" onClick={onRetry} disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending…' : 'Try again'}
        </button>
      ) : null}
      {failed && !prompt.canRetry ? (
        <p>
          You can still pay by Paybill: <a href="#paybill-title">follow the Paybill steps below</a>.
        </p>
      ) : null}
      {failed ? (
        <button type="button" className="text-link-button" onClick={onOtherNumber} disabled={sending}>
          Use another number
        </button>
      ) : null}
    </div>
  );
}
