import type { BuyerPaymentInstructions } from '@escrow/core';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { BuyerOrder } from './buyer-api.ts';
import { ConfirmPaymentForm, type ConfirmPaymentFormProps } from './confirm-payment-form.tsx';
import { MpesaPromptSection } from './mpesa-prompt-section.tsx';
import type { MpesaPromptOptions } from './use-mpesa-prompt.ts';

type Configured = Extract<BuyerPaymentInstructions, { configured: true }>;

/** The Paybill details, each on its own line so they can be copied into M-Pesa one by one. */
function PaybillDetails({ payment }: { payment: Configured }) {
  return (
    <dl className="details details--paybill">
      <div>
        <dt>Paybill business number</dt>
        <dd className="details__strong">{payment.businessNumber}</dd>
      </div>
      <div>
        <dt>Account number</dt>
        <dd className="details__strong">{payment.accountNumber}</dd>
      </div>
      <div>
        <dt>Account name</dt>
        <dd>{payment.accountName}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd className="details__strong">{formatKsh(payment.amount)}</dd>
      </div>
    </dl>
  );
}

function EscrowNote({ order }: { order: BuyerOrder }) {
  return (
    <p>
      {order.paymentMethod === 'mpesa_pod'
        ? 'Pay when the rider arrives with your item. Your money is held safely until you confirm delivery with your code.'
        : 'Your money is held safely in escrow and reaches the seller only after you confirm delivery with your code.'}
    </p>
  );
}

function DeliveryFeeNote({ order }: { order: BuyerOrder }) {
  if (order.deliveryPaidBy !== 'buyer' || order.deliveryCost === 0) return null;
  return (
    <p className="note">
      The delivery fee of <strong>{formatKsh(order.deliveryCost)}</strong> is not part of this payment: you pay it to the rider when the item arrives.
    </p>
  );
}

/**
 * While the buyer's typed receipt is a claim M-Pesa has not confirmed (PRODUCT-DECISIONS, Real
 * money): it is being checked, so paying again is not needed. The prompt and the Paybill steps
 * stay below it (a mistyped code can be typed again); the page re-reads on the order's live
 * events and turns paid by itself when M-Pesa confirms.
 */
function BeingVerifiedNote({ canTypeAgain }: { canTypeAgain: boolean }) {
  return (
    <div className="verifying-note">
      <h3 className="verifying-note__title">Payment being verified</h3>
      <p>We are checking your M-Pesa payment. You do not need to pay again: this page updates by itself once M-Pesa confirms it.</p>
      {canTypeAgain ? <p>If you typed the confirmation code wrongly, enter the right one in the form below.</p> : null}
    </div>
  );
}

export interface PaymentSectionProps extends ConfirmPaymentFormProps {
  order: BuyerOrder;
  payment: BuyerPaymentInstructions;
  /** The order's live events, which the M-Pesa prompt follows too. */
  subscribe: MpesaPromptOptions['subscribe'];
  /** The server says the order moved on: re-read it. */
  onOrderMoved(): void;
}

/**
 * While the buyer still owes the payment: the M-Pesa prompt when the server can send one, then
 * how to pay the Paybill and the confirmation form. Without a configured Paybill there is
 * nothing safe to pay into by hand, so only the server's warning shows for that path.
 */
export function PaymentSection({ order, payment, subscribe, onOrderMoved, ...form }: PaymentSectionProps) {
  const prompt = order.mpesaPrompt ? (
    <MpesaPromptSection
      orderId={form.orderId}
      deliveryCode={form.deliveryCode}
      price={order.price}
      buyerPhone={order.delivery.buyerPhone}
      subscribe={subscribe}
      onPaid={form.onConfirmed}
      onOrderMoved={onOrderMoved}
    />
  ) : null;
  const verifying = order.paymentBeingVerified ? <BeingVerifiedNote canTypeAgain={false} /> : null;
  const paybillTitle = prompt ? (
    <h3 id="paybill-title" className="paybill-title">
      Or pay by Paybill
    </h3>
  ) : null;

  if (!payment.configured) {
    if (!prompt) {
      return (
        <section className="card card--warning" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {verifying}
          <p>{payment.message}</p>
        </section>
      );
    }
    return (
      <section className="card" aria-labelledby="payment-title">
        <h2 id="payment-title">Pay with M-Pesa</h2>
        {verifying}
        <EscrowNote order={order} />
        <DeliveryFeeNote order={order} />
        {prompt}
        {paybillTitle}
        <p className="paybill-warning">{payment.message}</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="payment-title">
      <h2 id="payment-title">Pay with M-Pesa</h2>
      {order.paymentBeingVerified ? <BeingVerifiedNote canTypeAgain /> : null}
      <EscrowNote order={order} />
      <DeliveryFeeNote order={order} />
      {prompt}
      {paybillTitle}
      <ol className="steps">
        <li>Open M-Pesa and choose Lipa na M-Pesa, then Pay Bill.</li>
        <li>Enter the business number and the account number below.</li>
        <li>Enter the amount, then your M-Pesa PIN.</li>
        <li>Copy the confirmation code from the M-Pesa SMS (for example NLJ7RT61SV) into the form below.</li>
      </ol>
      <PaybillDetails payment={payment} />
      <ConfirmPaymentForm {...form} />
    </section>
  );
}
