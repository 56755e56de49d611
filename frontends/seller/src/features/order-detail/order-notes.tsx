import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { Text } from '@escrow/ui/i18n/react';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import { localText, useSellerT, type SellerT, type SellerText } from '../../i18n/use-seller-t.ts';

/**
 * The payout's state in the page's language (the core's sellerPayoutView words it in English);
 * a hold's reason, which carries a time, is the view's own message.
 */
function payoutText(payout: NonNullable<SellerOrderView['payout']>, t: SellerT): string {
  switch (payout.state) {
    case 'paid':
      return payout.receipt ? t('seller.payoutState.paidReceipt', { receipt: payout.receipt }) : t('seller.payoutState.paid');
    case 'delayed':
    case 'awaiting_approval':
    case 'on_its_way':
      return t(`seller.payoutState.${payout.state}`);
    default:
      return localText(payout.message);
  }
}

/** What others said about the order: the payout's progress, an open refund request, the rider's payment record, the buyer's feedback. */
export function OrderNotes({ order }: { order: SellerOrderView }) {
  const t = useSellerT();
  const { refundRequest, riderPayments, feedback, payout } = order;
  if (!refundRequest && riderPayments.length === 0 && !feedback && !payout) return null;
  return (
    <section className="seller-card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="seller-card__title">
        {t('seller.notes.title')}
      </h2>
      {payout ? (
        <p role="status" className={`payout-state payout-state--${payout.state}`}>
          <Text<SellerText> id="seller.notes.payout" values={{ message: payoutText(payout, t) }} components={{ 0: <strong /> }} />
        </p>
      ) : null}
      {refundRequest ? (
        <div className="form-alert form-alert--error">
          <p>
            <Text<SellerText>
              id="seller.notes.refund"
              values={{ who: t(`seller.notes.refund.${refundRequest.requestedBy}`), date: formatNairobiDateTime(refundRequest.createdAt), reason: refundRequest.reason }}
              components={{ 0: <strong /> }}
            />
          </p>
          <p>{t('seller.notes.refundReview')}</p>
        </div>
      ) : null}
      {riderPayments.map((payment) => (
        <p key={payment.createdAt}>
          {payment.paymentReceived
            ? t('seller.notes.riderReceived', { phone: payment.riderPhone, date: formatNairobiDateTime(payment.createdAt) })
            : t('seller.notes.riderIssue', { phone: payment.riderPhone, issue: payment.paymentIssue ?? t('seller.notes.notDescribed'), date: formatNairobiDateTime(payment.createdAt) })}
        </p>
      ))}
      {feedback ? (
        <p>
          {feedback.comment
            ? t('seller.notes.feedbackComment', { buyer: feedback.buyerName, seller: feedback.sellerRating, rider: feedback.riderRating, comment: feedback.comment })
            : t('seller.notes.feedback', { buyer: feedback.buyerName, seller: feedback.sellerRating, rider: feedback.riderRating })}
        </p>
      ) : null}
    </section>
  );
}
