import { useId, useState } from 'react';
import { StatusBadge, type BadgeTone } from '@escrow/ui/components/status-badge';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminRefundRequest, RefundRequestsPage } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { Pager } from '../../shared/pager.tsx';
import { useAdminQuery, type AdminQuery } from '../../shared/use-admin-query.ts';
import { OrderStatusBadge } from '../orders/order-columns.tsx';
import { PayoutModeContext } from '../payouts/payout-mode.ts';
import { ResolveRefundDialog } from './resolve-refund-dialog.tsx';

type Filter = 'open' | 'refunded' | 'rejected' | 'all';
const PAGE_SIZE = 10;
const FILTERS: readonly Filter[] = ['open', 'refunded', 'rejected', 'all'];
const STATUS_TONE: Record<AdminRefundRequest['status'], BadgeTone> = { open: 'warning', refunded: 'success', rejected: 'danger' };

/**
 * Refund requests (PRODUCT-DECISIONS, refunds: the spec promises refunds but shows no screen).
 * They sit at the top of the Orders tab because each one holds an order's money until an admin
 * decides: refund (sent by M-Pesa where payouts are on, or the M-Pesa reference of a refund sent
 * by hand) or reject.
 */
export function RefundRequestsSection() {
  const t = useAdminT();
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const requests = useAdminQuery<RefundRequestsPage>(adminApi.refundRequestsPath({ status: filter, page, pageSize: PAGE_SIZE }));
  const filterId = useId();

  return (
    <section className="admin-section" aria-labelledby="refunds-title">
      <div className="admin-section__header admin-section__header--row">
        <h2 id="refunds-title">{t('admin.refunds.title')}</h2>
        <div className="field field--inline">
          <label className="field__label" htmlFor={filterId}>
            {t('admin.show')}
          </label>
          <select
            id={filterId}
            className="field__input"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(1);
            }}
          >
            {FILTERS.map((option) => (
              <option key={option} value={option}>
                {t(`admin.refunds.filter.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <RefundList requests={requests} filter={filter} onPage={setPage} />
    </section>
  );
}

function RefundList({ requests, filter, onPage }: { requests: AdminQuery<RefundRequestsPage>; filter: Filter; onPage: (page: number) => void }) {
  const t = useAdminT();
  if (requests.failed && (requests.data === null || requests.stale)) return <FailedPart title={t('admin.failed.refunds')} onRetry={requests.reload} unavailable={requests.unavailable} />;
  if (requests.data === null) return <LoadingPart label={t('admin.refunds.loading')} />;
  const { refundRequests, total, page, pageSize } = requests.data;
  if (refundRequests.length === 0) return <EmptyPart title={filter === 'open' ? t('admin.refunds.noneOpen') : t('admin.refunds.noneHere')} />;
  return (
    <PayoutModeContext.Provider value={requests.data.payoutMode ?? 'manual'}>
      {requests.failed ? <NotCurrentNote onRetry={requests.reload} /> : null}
      <ul className={`refund-list${requests.stale ? ' is-busy' : ''}`} aria-label={t('admin.refunds.list')} aria-busy={requests.stale || undefined}>
        {refundRequests.map((request) => (
          <li key={request.id} className="refund-card">
            <RefundCard request={request} />
          </li>
        ))}
      </ul>
      <Pager noun="refunds" page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </PayoutModeContext.Provider>
  );
}

function RefundCard({ request }: { request: AdminRefundRequest }) {
  const t = useAdminT();
  const { order } = request;
  return (
    <article aria-label={t('admin.refunds.card', { item: order.itemName })}>
      <div className="refund-card__header">
        <h3 className="refund-card__title">
          {order.itemName} <span className="cell-sub">{order.trackingNumber}</span>
        </h3>
        <StatusBadge tone={STATUS_TONE[request.status]}>{t(`admin.refunds.filter.${request.status}`)}</StatusBadge>
      </div>
      <dl className="detail-list detail-list--grid">
        <div>
          <dt>{t('admin.refunds.buyer')}</dt>
          <dd>
            {order.buyerName}, {order.buyerPhone}
          </dd>
        </div>
        <div>
          <dt>{t('admin.refunds.seller')}</dt>
          <dd>{order.sellerBusinessName ?? t('admin.notAvailable')}</dd>
        </div>
        <div>
          <dt>{t('admin.refunds.price')}</dt>
          <dd>{formatKsh(order.price)}</dd>
        </div>
        <div>
          <dt>{t('admin.refunds.orderStatus')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('admin.refunds.requested')}</dt>
          <dd>
            {t(`admin.refunds.requestedBy.${request.requestedBy}`, { time: formatNairobiDateTime(request.createdAt) })}
          </dd>
        </div>
        {request.resolvedAt ? (
          <div>
            <dt>{t('admin.refunds.resolved')}</dt>
            <dd>
              {formatNairobiDateTime(request.resolvedAt)}
              {request.mpesaReference ? ` (M-Pesa ${request.mpesaReference})` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="refund-card__reason">
        <span className="refund-card__label">{t('admin.refunds.reason')} </span>
        {request.reason}
      </p>
      {request.resolutionNote ? (
        <p className="refund-card__reason">
          <span className="refund-card__label">{t('admin.refunds.adminNote')} </span>
          {request.resolutionNote}
        </p>
      ) : null}
      {request.paidWithoutRiderFor72Hours ? <p className="admin-note admin-note--warning">{t('admin.refunds.noRider72h')}</p> : null}
      {request.status === 'open' ? (
        <div className="refund-card__actions">
          <ResolveRefundDialog request={request} decision="refund" />
          <ResolveRefundDialog request={request} decision="reject" />
        </div>
      ) : null}
    </article>
  );
}
