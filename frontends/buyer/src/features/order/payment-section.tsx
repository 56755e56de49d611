import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { BuyerOrder } from './buyer-api.ts';
import { ConfirmPaymentForm, type ConfirmPaymentFormProps } from './confirm-payment-form.tsx';
import { MpesaPromptSection } from './mpesa-prompt-section.tsx';
import type { MpesaPromptOptions } from './use-mpesa-prompt.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import { Text } from '@escrow/ui/i18n/react';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

/** The Paybill to pay, or why there is none yet, as the order's answer carries it. */
type BuyerPaymentInstructions = NonNullable<BuyerOrder['payment']>;
type Configured = Extract<BuyerPaymentInstructions, { configured: true }>;

/** The Paybill details, each on its own line so they can be copied into M-Pesa one by one. */
function PaybillDetails({ payment }: { payment: Configured }) {
  const t = useBuyerT();
  return (
    <dl className="details details--paybill">
      <div>
        <dt>{t('buyer.paybill.businessNumber')}</dt>
        <dd className="details__strong">{payment.businessNumber}</dd>
      </div>
      <div>
        <dt>{t('buyer.paybill.accountNumber')}</dt>
        <dd className="details__strong">{payment.accountNumber}</dd>
      </div>
      <div>
        <dt>{t('buyer.paybill.accountName')}</dt>
        <dd>{payment.accountName}</dd>
      </div>
      <div>
        <dt>{t('buyer.paybill.amount')}</dt>
        <dd className="details__strong">{formatKsh(payment.amount)}</dd>
      </div>
    </dl>
  );
}

function EscrowNote({ order }: { order: BuyerOrder }) {
  const t = useBuyerT();
  return <p>{order.paymentMethod === 'mpesa_pod' ? t('buyer.escrow.payOnDelivery') : t('buyer.escrow.prepay')}</p>;
}

function DeliveryFeeNote({ order }: { order: BuyerOrder }) {
  if (order.deliveryPaidBy !== 'buyer' || order.deliveryCost === 0) return null;
  return (
    <p className="note">
      <Text<BuyerText> id="buyer.deliveryFeeNote" values={{ fee: formatKsh(order.deliveryCost) }} components={{ 0: <strong /> }} />
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
  const t = useBuyerT();
  return (
    <div className="verifying-note">
      <h3 className="verifying-note__title">{t('buyer.verifying.title')}</h3>
      <p>{t('buyer.verifying.body')}</p>
      {canTypeAgain ? <p>{t('buyer.verifying.typeAgain')}</p> : null}
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
  const t = useBuyerT();
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
      {t('buyer.payment.orPaybill')}
    </h3>
  ) : null;

  if (!payment.configured) {
    if (!prompt) {
      return (
        <section className="card card--warning" aria-labelledby="payment-title">
          <h2 id="payment-title">{t('buyer.payment.title')}</h2>
          {verifying}
          <p>{payment.message}</p>
        </section>
      );
    }
    return (
      <section className="card" aria-labelledby="payment-title">
        <h2 id="payment-title">{t('buyer.payment.payWithMpesa')}</h2>
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
      <h2 id="payment-title">{t('buyer.payment.payWithMpesa')}</h2>
      {order.paymentBeingVerified ? <BeingVerifiedNote canTypeAgain /> : null}
      <EscrowNote order={order} />
      <DeliveryFeeNote order={order} />
      {prompt}
      {paybillTitle}
      <ol className="steps">
        <li>{t('buyer.paybill.step1')}</li>
        <li>{t('buyer.paybill.step2')}</li>
        <li>{t('buyer.paybill.step3')}</li>
        <li>{t('buyer.paybill.step4')}</li>
      </ol>
      <PaybillDetails payment={payment} />
      <ConfirmPaymentForm {...form} />
    </section>
  );
}
