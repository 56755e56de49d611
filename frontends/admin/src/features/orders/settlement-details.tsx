import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useAdminT } from '../../i18n/use-admin-t.ts';
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
  const t = useAdminT();
  const sellerDestination = payoutDestination(t, order.sellerPaymentMethod, order.sellerPaymentNumber);
  const riderPaidHere = order.deliveryPaidBy === 'seller' && order.riderPayout > 0;
  return (
    <dl className="detail-list">
      <div>
        <dt>{t('admin.settlement.item')}</dt>
        <dd>
          {order.itemName} <span className="muted">({order.trackingNumber})</span>
        </dd>
      </div>
      <div>
        <dt>{t('admin.settlement.sellerPayout')}</dt>
        <dd>
          {t('admin.settlement.sellerTo', { amount: formatKsh(order.sellerPayout), seller: order.sellerBusinessName ?? t('admin.notAvailable') })}
          <br />
          {sellerDestination ? <span>{sellerDestination}</span> : <span className="muted">{t('admin.settlement.noPayoutDetails')}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('admin.settlement.riderPayout')}</dt>
        <dd>
          {formatKsh(order.riderPayout)}
          {order.deliveryPaidBy === 'buyer' ? <span className="muted"> {t('admin.settlement.collectedAtDoor')}</span> : null}
          {riderPaidHere && order.riderName ? (
            <>
              {' '}
              {order.riderPhone ? t('admin.settlement.riderToPhone', { rider: order.riderName, phone: order.riderPhone }) : t('admin.settlement.riderTo', { rider: order.riderName })}
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
  const t = useAdminT();
  if (detail.data) return <PaymentVerificationRows order={detail.data} />;
  return (
    <div>
      <dt>{t('admin.payment')}</dt>
      <dd className="muted">{detail.failed ? t('admin.settlement.checkFailed', { action }) : t('admin.settlement.checking')}</dd>
    </div>
  );
}
