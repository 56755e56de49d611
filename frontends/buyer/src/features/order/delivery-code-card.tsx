import { isMpesaReceipt, isSixDigitCode } from '@escrow/core/rules';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { buyerApi, type BuyerOrder } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import { Text } from '@escrow/ui/i18n/react';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';
import { buyerEn } from '../../i18n/en.ts';


/**
 * The code the buyer gives the rider at the door (PRODUCT-DECISIONS, Real money: it reaches only
 * the payer). The payer's browser (or a buyer who typed the code) sees it here; anyone else with
 * the link sees where it was sent by SMS, and may have it sent again, only ever to that phone.
 * The warning is the point of the card: the code releases the money to the seller.
 */
export function DeliveryCodeCard({ order, credential, refundRequested, onReload }: { order: BuyerOrder; credential: string; refundRequested: boolean; onReload: () => void }) {
  const t = useBuyerT();
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const key = useRef<string | null>(null);

  const resend = () => {
    if (sending) return;
    setSending(true);
    setMessage(null);
    key.current ??= newIdempotencyKey();
    void buyerApi.resendCode(order.id, credential, key.current, t('buyer.code.resendFailed')).then((result) => {
      setSending(false);
      // A final answer (sent, or refused in words) ends this key; a lost one is retried with it.
      if (result.ok || (result.status >= 400 && result.status < 500 && result.status !== 429)) key.current = null;
      setMessage(result.ok ? { tone: 'success', text: result.data.message } : { tone: 'error', text: result.message });
    });
  };

  return (
    <section className="card card--code" aria-labelledby="code-title">
      <h2 id="code-title">{t('buyer.code.title')}</h2>
      {order.deliveryCode ? <p className="delivery-code">{order.deliveryCode}</p> : null}
      {order.codeSentTo ? (
        <p>
          <Text<BuyerText> id={order.deliveryCode ? 'buyer.code.alsoSentTo' : 'buyer.code.sentTo'} values={{ phone: order.codeSentTo }} components={{ 0: <strong /> }} />
        </p>
      ) : null}
      {/* Where M-Pesa named the paying phone, the code in its SMS proves the payer; the receipt only where it did not (decision 0047). */}
      {order.deliveryCode ? null : order.codeSentTo ? <CodeProof order={order} onProved={onReload} /> : <ReceiptProof order={order} credential={credential} onProved={onReload} />}
      <p>
        {refundRequested ? t('buyer.code.refundAsked') : t('buyer.code.checkFirst')}
      </p>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {order.codeSentTo && order.actions.includes('resend_code') ? (
        <button type="button" className="button button--secondary" onClick={resend} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('buyer.code.sending') : t('buyer.code.resend')}
        </button>
      ) : null}
    </section>
  );
}

/** In English (tests quote it); the page shows it in its language. */
export const NOT_THE_SMS_CODE = buyerEn['buyer.code.notTheSmsCode'];

/**
 * The payer, holding the SMS, uses its code on this browser (a phone other than the one that paid,
 * say): the server checks it like any code on the buyer API (wrong ones count against the same
 * limits) and marks this browser as the payer's, which then sees the code, the refund request and
 * the rating.
 */
function CodeProof({ order, onProved }: { order: BuyerOrder; onProved: () => void }) {
  const t = useBuyerT();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!isSixDigitCode(typed)) return setError(t('buyer.code.enterSixDigits'));
    setBusy(true);
    setError(null);
    void buyerApi.bindPayerBrowser(order.id, typed, t('buyer.code.proofFailed')).then((result) => {
      setBusy(false);
      if (result.ok) return result.data.bound ? onProved() : setError(t('buyer.code.proofFailed'));
      setError(result.status === 404 ? t('buyer.code.notTheSmsCode') : result.message);
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('buyer.code.useHereLabel')}>
      <p>{t('buyer.code.haveTheSms')}</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label className="field">
        <span className="field__label">{t('buyer.code.fromTheSms')}</span>
        <input
          className="field__input"
          name="deliveryCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
          aria-invalid={error !== null || undefined}
        />
      </label>
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('buyer.code.checking') : t('buyer.code.useThisCode')}
      </button>
    </form>
  );
}

/** The receipt is right, but another browser proved it first (decision 0047: the first keeps the code). In English, as tests quote it. */
export const PROVED_ELSEWHERE = buyerEn['buyer.receipt.provedElsewhere'];

/**
 * The payer proves it on this browser by typing the receipt of the payment M-Pesa confirmed:
 * only the payer's M-Pesa SMS shows it. The server then marks this browser as the payer's: the
 * first one to prove it, and only where M-Pesa did not name the paying phone (no SMS could carry
 * the code there).
 */
function ReceiptProof({ order, credential, onProved }: { order: BuyerOrder; credential: string; onProved: () => void }) {
  const t = useBuyerT();
  const [receipt, setReceipt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const typed = receipt.replace(/\s+/g, '').toUpperCase();
    if (!isMpesaReceipt(typed)) return setError(t('buyer.receipt.enterReceipt'));
    setBusy(true);
    setError(null);
    key.current ??= newIdempotencyKey();
    void buyerApi.confirmPayment(order.id, credential, { termsAccepted: true, mpesaReceipt: typed }, key.current, t('buyer.receipt.proofFailed')).then((result) => {
      setBusy(false);
      key.current = null;
      if (result.ok) return result.data.deliveryCode ? onProved() : setError(t('buyer.receipt.provedElsewhere'));
      // The order is paid: another receipt is simply not this payment's.
      setError(result.code === 'PAYMENT_ALREADY_CONFIRMED' || result.code === 'MPESA_RECEIPT_ALREADY_USED' ? t('buyer.receipt.notThisPayment') : result.message);
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('buyer.receipt.showHereLabel')}>
      <p>{t('buyer.receipt.paidFromHere')}</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label className="field">
        <span className="field__label">{t('buyer.receipt.field')}</span>
        <input
          className="field__input"
          name="mpesaReceipt"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={12}
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
          aria-invalid={error !== null || undefined}
        />
      </label>
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('buyer.code.checking') : t('buyer.receipt.show')}
      </button>
    </form>
  );
}
