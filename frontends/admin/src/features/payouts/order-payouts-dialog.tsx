import { Dialog, DialogClose } from '@escrow/ui/components/dialog';
import { useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminOrder, PayoutsAnswer } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { usePollWhile } from '../../shared/use-poll-while.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { PayoutList } from './payout-card.tsx';
import { isMoving } from './payout-words.ts';

/** 'Payouts' on an order's row: the order's payouts in full, with Retry and Record M-Pesa reference. */
export function OrderPayoutsDialog({ order }: { order: AdminOrder }) {
  const t = useAdminT();
  return (
    <Dialog
      trigger={
        <button type="button" className="button button--secondary button--small" aria-label={t('admin.payouts.for', { item: order.itemName, tracking: order.trackingNumber })}>
          {t('admin.payouts.title')}
        </button>
      }
      title={t('admin.payouts.title')}
      description={
        <>
          {order.itemName} ({order.trackingNumber}).{' '}
          {order.settlementPaid ? t('admin.payouts.settled') : t('admin.payouts.settlesWhen')}
        </>
      }
      // The footer's Close is this dialog's way out; a second 'Close' beside the title would say the same.
      closeButton={false}
      footer={<DialogClose>{t('ui.close')}</DialogClose>}
    >
      <OrderPayoutsBody orderId={order.id} />
    </Dialog>
  );
}

/** Read while the dialog is open, again on live changes, and every few seconds while M-Pesa has one. */
function OrderPayoutsBody({ orderId }: { orderId: string }) {
  const t = useAdminT();
  const payouts = useAdminQuery<PayoutsAnswer>(adminApi.orderPayoutsPath(orderId));
  usePollWhile(payouts.data?.payouts.some(isMoving) ?? false, payouts.reload);
  if (payouts.failed && payouts.data === null) return <FailedPart title={t('admin.failed.payouts')} onRetry={payouts.reload} unavailable={payouts.unavailable} />;
  if (payouts.data === null) return <LoadingPart label={t('admin.payouts.loading')} />;
  if (payouts.data.payouts.length === 0) return <EmptyPart title={t('admin.payouts.noneForOrder')} />;
  return (
    <>
      {payouts.failed ? <NotCurrentNote onRetry={payouts.reload} /> : null}
      <PayoutList payouts={payouts.data.payouts} label={t('admin.payouts.ofThisOrder')} />
    </>
  );
}
