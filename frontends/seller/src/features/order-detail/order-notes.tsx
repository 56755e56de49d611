import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import type { SellerOrderView } from '../../shared/orders-api.ts';

/** What others said about the order: the payout's progress, an open refund request, the rider's payment record, the buyer's feedback. */
export function OrderNotes({ order }: { order: SellerOrderView }) {
  const { refundRequest, riderPayments, feedback, payout } = order;
  if (!refundRequest && riderPayments.length === 0 && !feedback && !payout) return null;
  return (
    <section className="seller-card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="seller-card__title">
        Updates
      </h2>
      {payout ? (
        <p role="status" className={`payout-state payout-state--${payout.state}`}>
          <strong>Payout:</strong> {payout.message}
        </p>
      ) : null}
      {refundRequest ? (
        <div className="form-alert form-alert--error">
          <p>
            <strong>Refund requested</strong> by the {refundRequest.requestedBy} on {formatNairobiDateTime(refundRequest.createdAt)}: {refundRequest.reason}
          </p>
          <p>An admin will review it. The buyer keeps the delivery code until it is resolved.</p>
        </div>
      ) : null}
      {riderPayments.map((payment) => (
        <p key={payment.createdAt}>
          Rider {payment.riderPhone}: {payment.paymentReceived ? 'delivery fee received from the buyer' : `payment issue: ${payment.paymentIssue ?? 'not described'}`} ({formatNairobiDateTime(payment.createdAt)})
        </p>
      ))}
      {feedback ? (
        <p>
          {feedback.buyerName} rated you {feedback.sellerRating} / 5 and the rider {feedback.riderRating} / 5{feedback.comment ? `: “${feedback.comment}”` : '.'}
        </p>
      ) : null}
    </section>
  );
}
