import { useMemo, useState } from 'react';
import { DataList } from '@escrow/ui/components/data-list';
import { useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminOrder, OrdersPage } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { Pager } from '../../shared/pager.tsx';
import { useAdminQuery, type AdminQuery } from '../../shared/use-admin-query.ts';
import { usePollWhile } from '../../shared/use-poll-while.ts';
import { PayoutModeContext } from '../payouts/payout-mode.ts';
import { isMoving } from '../payouts/payout-words.ts';
import { RefundRequestsSection } from '../refunds/refund-requests-section.tsx';
import { orderColumns } from './order-columns.tsx';
import { OrderFilters, type OrderFilter } from './order-filters.tsx';

const PAGE_SIZE = 20;

/** The Orders tab: open refund requests first (they wait on an admin), then every order, paged by the server. */
export function OrdersTab() {
  const t = useAdminT();
  const [filter, setFilter] = useState<OrderFilter>({ status: '', q: '' });
  const [page, setPage] = useState(1);
  const orders = useAdminQuery<OrdersPage>(adminApi.ordersPath({ page, pageSize: PAGE_SIZE, status: filter.status || undefined, q: filter.q || undefined }));
  const filtered = filter.status !== '' || filter.q !== '';

  return (
    <>
      <RefundRequestsSection />
      <section className="admin-section" aria-labelledby="orders-title">
        <div className="admin-section__header">
          <h2 id="orders-title">{t('admin.orders.title')}</h2>
          <p className="admin-note">{t('admin.orders.note')}</p>
        </div>
        <OrderFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        <OrdersList orders={orders} filtered={filtered} onPage={setPage} />
      </section>
    </>
  );
}

function OrdersList({ orders, filtered, onPage }: { orders: AdminQuery<OrdersPage>; filtered: boolean; onPage: (page: number) => void }) {
  const t = useAdminT();
  const columns = useMemo(() => orderColumns(t), [t]);
  // M-Pesa's answers about payouts are not on the live stream: re-read while a shown order has a payout with M-Pesa.
  usePollWhile(orders.data?.orders.some((order) => order.payouts?.some(isMoving)) ?? false, orders.reload);
  if (orders.failed && (orders.data === null || orders.stale)) return <FailedPart title={t('admin.failed.orders')} onRetry={orders.reload} unavailable={orders.unavailable} />;
  if (orders.data === null) return <LoadingPart label={t('admin.orders.loading')} />;
  const { orders: rows, total, page, pageSize } = orders.data;
  if (rows.length === 0) {
    return filtered ? <EmptyPart title={t('admin.orders.noMatch')} /> : <EmptyPart title={t('admin.orders.none')}>{t('admin.orders.noneNote')}</EmptyPart>;
  }
  return (
    <PayoutModeContext.Provider value={orders.data.payoutMode ?? 'manual'}>
      {orders.failed ? <NotCurrentNote onRetry={orders.reload} /> : null}
      <DataList<AdminOrder>
        label={t('admin.orders.list')}
        columns={columns}
        rows={rows}
        rowKey={(order) => order.id}
        busy={orders.stale}
        rowClass={(order) => (order.settlementPaid ? 'is-settled' : undefined)}
      />
      <Pager noun="orders" page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </PayoutModeContext.Provider>
  );
}
