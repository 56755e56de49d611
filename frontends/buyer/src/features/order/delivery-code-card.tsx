import { isMpesaReceipt, isSixDigitCode } from '@escrow/core/rules';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { buyerApi, type BuyerOrder } from './buyer-api.ts';

const RESEND_FAILED = 'The code could not be sent. Please try again.';

/**
 * The code the buyer gives the rider at the door (PRODUCT-DECISIONS, Real money: it reaches only
 * the payer). The payer's browser (or a buyer who typed the code) sees it here; anyone else with
 * the link sees where it was sent by SMS, and may have it sent again, only ever to that phone.
 * The warning is the point of the card: the code releases the money to the seller.
 */
export function DeliveryCodeCard({ order, credential, refundRequested, onReload }: { order: BuyerOrder; credential: string; refundRequested: boolean; onReload: () => void }) {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const key = useRef<string | null>(null);

  const resend = () => {
    if (sending) return;
    setSending(true);
    setMessage(null);
    key.current ??= newIdempotencyKey();
    void buyerApi.resendCode(order.id, credential, key.current, RESEND_FAILED).then((result) => {
      setSending(false);
      // A final answer (sent, or refused in words) ends this key; a lost one is retried with it.
      if (result.ok || (result.status >= 400 && result.status < 500 && result.status !== 429)) key.current = null;
      setMessage(result.ok ? { tone: 'success', text: result.data.message } : { tone: 'error', text: result.message });
    });
  };

  return (
    <section className="card card--code" aria-labelledby="code-title">
      <h2 id="code-title">Your delivery code</h2>
      {order.deliveryCode ? <p className="delivery-code">{order.deliveryCode}</p> : null}
      {order.codeSentTo ? (
        <p>
          {order.deliveryCode ? 'Also sent by SMS to ' : 'Sent by SMS to the phone that paid: '}
          <strong>{order.codeSentTo}</strong>.
        </p>
      ) : null}
      {/* Where M-Pesa named the paying phone, the code in its SMS proves the payer; the receipt only where it did not (decision 0047). */}
      {order.deliveryCode ? null : order.codeSentTo ? <CodeProof order={order} onProved={onReload} /> : <ReceiptProof order={order} credential={credential} onProved={onReload} />}
      <p>
        {refundRequested
          ? 'You asked for a refund: do not give this code to anyone.'
          : 'Check the item first. Give this code to the rider only if it matches your order: the code releases your payment to the seller.'}
      </p>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {order.codeSentTo && order.actions.includes('resend_code') ? (
        <button type="button" className="button button--secondary" onClick={resend} disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending…' : 'Resend code'}
        </button>
      ) : null}
    </section>
  );
}

const CODE_PROOF_FAILED = 'The code could not be checked. Please try again.';
export const NOT_THE_SMS_CODE = 'That is not the code in the SMS. Check the latest SMS from Escrow Delivery.';

/**
 * The payer, holding the SMS, uses its code on this browser (a phone other than the one that paid,
 * say): the server checks it like any code on the buyer API (wrong ones count against the same
 * limits) and marks this browser as the payer's, which then sees the code, the refund request and
 * the rating.
 */
function CodeProof({ order, onProved }: { order: BuyerOrder; onProved: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!isSixDigitCode(typed)) return setError('Enter the 6-digit delivery code from the SMS');
    setBusy(true);
    setError(null);
    void buyerApi.bindPayerBrowser(order.id, typed, CODE_PROOF_FAILED).then((result) => {
      setBusy(false);
      if (result.ok) return result.data.bound ? onProved() : setError(CODE_PROOF_FAILED);
      setError(result.status === 404 ? NOT_THE_SMS_CODE : result.message);
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Use the code on this phone">
      <p>Have the SMS? Type its delivery code to use it on this phone too.</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label className="field">
        <span className="field__label">Delivery code from the SMS</span>
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
        {busy ? 'Checking…' : 'Use this code'}
      </button>
    </form>
  );
}

const PROOF_FAILED = 'The receipt could not be checked. Please try again.';
/** The receipt is right, but another browser proved it first (decision 0047: the first keeps the code). */
export const PROVED_ELSEWHERE =
  'This M-Pesa code was already used to show the delivery code on another phone or browser. If that was not you, do not give anyone a code and contact us.';

/**
 * The payer proves it on this browser by typing the receipt of the payment M-Pesa confirmed:
 * only the payer's M-Pesa SMS shows it. The server then marks this browser as the payer's: the
 * first one to prove it, and only where M-Pesa did not name the paying phone (no SMS could carry
 * the code there).
 */
function ReceiptProof({ order, credential, onProved }: { order: BuyerOrder; credential: string; onProved: () => void }) {
  const [receipt, setReceipt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const typed = receipt.replace(/\s+/g, '').toUpperCase();
    if (!isMpesaReceipt(typed)) return setError('Enter the 10-character M-Pesa code from your payment SMS, e.g. NLJ7RT61SV');
    setBusy(true);
    setError(null);
    key.current ??= newIdempotencyKey();
    void buyerApi.confirmPayment(order.id, credential, { termsAccepted: true, mpesaReceipt: typed }, key.current, PROOF_FAILED).then((result) => {
      setBusy(false);
      key.current = null;
      if (result.ok) return result.data.deliveryCode ? onProved() : setError(PROVED_ELSEWHERE);
      // The order is paid: another receipt is simply not this payment's.
      setError(result.code === 'PAYMENT_ALREADY_CONFIRMED' || result.code === 'MPESA_RECEIPT_ALREADY_USED' ? "This is not the M-Pesa code of this order's payment. Check your M-Pesa SMS." : result.message);
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Show the code on this phone">
      <p>Paid from this phone? Type the M-Pesa code from your payment SMS to see the delivery code here.</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label className="field">
        <span className="field__label">M-Pesa code</span>
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
        {busy ? 'Checking…' : 'Show my code'}
      </button>
    </form>
  );
}
