import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { AdminOrder, AdminOrderDetail } from '../../shared/admin-types.ts';
import { payoutDestination } from '../../shared/payout-method.ts';
import type { AdminQuery } from '../../shared/use-admin-query.ts';
import { PaymentVerificationRows } from './payment-verification.tsx';

/**
 * What a settlement pays and where (Mark Paid and Approve payout): the item, the seller's payout
 * and saved payout details, the rider's payout (or that the buyer paid the rider at the door),
 * and how M-Pesa verified the buyer's payment (read for the open dialog; `action` names the
 * button that still checks it when it could not be read).
 */
export function SettlementDetails({ order, detail, action }: { order: AdminOrder; detail: AdminQuery<AdminOrderDetail>; action: string }) {
  const sellerDestination = payoutDestination(order.sellerPaymentMethod, order.sellerPaymentNumber);
  const riderPaidHere = order.deliveryPaidBy === 'seller' && order.riderPayout > 0;
  return (
    <dl className="detail-list">
      <div>
        <dt>Item</dt>
        <dd>
          {order.itemName} <span className="muted">({order.trackingNumber})</span>
        </dd>
      </div>
      <div>
        <dt>Seller payout</dt>
        <dd>
          {formatKsh(order.sellerPayout)} to {order.sellerBusinessName ?? 'N/A'}
          <br />
          {sellerDestination ? <span>{sellerDestination}</span> : <span className="muted">No payout details saved: contact the seller before paying.</span>}
        </dd>
      </div>
      <div>
        <dt>Rider payout</dt>
        <dd>
          {formatKsh(order.riderPayout)}
          {order.deliveryPaidBy === 'buyer' ? <span className="muted"> (collected from the buyer at the door)</span> : null}
          {riderPaidHere && order.riderName ? (
            <>
              {' '}
              to {order.riderName}
              {order.riderPhone ? <>, M-Pesa {order.riderPhone}</> : null}
            </>
          ) : null}
        </dd>
      </div>
      <PaymentCheck detail={detail} action={action} />
    </dl>
  );
}

/** The payment's verification, read for the open dialog; while unknown the server still decides. */
function PaymentCheck({ detail, action }: { detail: AdminQuery<AdminOrderDetail>; action: string }) {
  if (detail.data) return <PaymentVerificationRows order={detail.data} />;
  return (
    <div>
      <dt>Payment</dt>
      <dd className="muted">{detail.failed ? `Could not check the payment. ${action} still checks it.` : 'Checking the payment…'}</dd>
    </div>
  );
}
