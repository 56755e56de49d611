import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { MpesaPrompt } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import { Text } from '@escrow/ui/i18n/react';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

const TITLES = {
  waiting: 'buyer.prompt.title.waiting',
  paid: 'buyer.prompt.title.paid',
  failed: 'buyer.prompt.title.failed',
} as const satisfies Record<MpesaPrompt['state'], BuyerText>;

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
  const t = useBuyerT();
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
          {t(TITLES[prompt.state])}
        </h3>
        <p>{prompt.message}</p>
        {prompt.state === 'paid' ? null : <p className="note">{t('buyer.prompt.sentTo', { phone: prompt.phone })}</p>}
        {waiting && !stoppedChecking ? (
          <p className="mpesa-panel__progress">
            <span className="spinner" aria-hidden="true" />
            {t('buyer.prompt.waiting')}
          </p>
        ) : null}
        {waiting && stoppedChecking ? <p>{t('buyer.prompt.noAnswer')}</p> : null}
      </div>
      {alert}
      {waiting && stoppedChecking ? (
        <button type="button" className="button button--secondary button--block" onClick={onCheckAgain}>
          {t('buyer.prompt.checkAgain')}
        </button>
      ) : null}
      {failed && prompt.canRetry ? (
        <button type="button" className="button button--block" onClick={onRetry} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('buyer.prompt.sendingShort') : t('buyer.tryAgain')}
        </button>
      ) : null}
      {failed && !prompt.canRetry ? (
        <p>
          <Text<BuyerText> id="buyer.prompt.paybillInstead" components={{ 0: <a href="#paybill-title" /> }} />
        </p>
      ) : null}
      {failed ? (
        <button type="button" className="text-link-button" onClick={onOtherNumber} disabled={sending}>
          {t('buyer.prompt.otherNumber')}
        </button>
      ) : null}
    </div>
  );
}
