import { useId, useMemo, useState, type FormEvent } from 'react';
import { DataList, type Column } from '@escrow/ui/components/data-list';
import { formatNairobiDate } from '@escrow/ui/format/format-nairobi-date';
import { useAdminT, type AdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminSeller, SellersPage } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { Pager } from '../../shared/pager.tsx';
import { paymentMethodLabel } from '../../shared/payout-method.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';

const PAGE_SIZE = 20;

const sellerColumns = (t: AdminT): readonly Column<AdminSeller>[] => [
  { header: t('admin.sellers.col.businessName'), cell: (seller) => <span className="cell-strong">{seller.businessName}</span> },
  { header: t('admin.sellers.col.location'), cell: (seller) => seller.location },
  { header: t('admin.sellers.col.phone'), cell: (seller) => seller.phone },
  { header: t('admin.sellers.col.whatsapp'), cell: (seller) => seller.whatsapp || '-' },
  { header: t('admin.sellers.col.paymentMethod'), cell: (seller) => (seller.paymentMethod ? paymentMethodLabel(t, seller.paymentMethod) : '-') },
  { header: t('admin.sellers.col.paymentNumber'), cell: (seller) => seller.paymentNumber || '-' },
  { header: t('admin.sellers.col.joined'), cell: (seller) => formatNairobiDate(seller.createdAt), nowrap: true },
];

/**
 * The Sellers tab: every seller, read only (admins read but never change a seller's payment
 * details, PRODUCT-DECISIONS: access), searchable by the server and paged.
 */
export function SellersTab() {
  const t = useAdminT();
  const columns = useMemo(() => sellerColumns(t), [t]);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(1);
  const sellers = useAdminQuery<SellersPage>(adminApi.sellersPath({ page, pageSize: PAGE_SIZE, q: q || undefined }));
  const searchId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  let body;
  if (sellers.failed && (sellers.data === null || sellers.stale)) body = <FailedPart title={t('admin.failed.sellers')} onRetry={sellers.reload} unavailable={sellers.unavailable} />;
  else if (sellers.data === null) body = <LoadingPart label={t('admin.sellers.loading')} />;
  else if (sellers.data.sellers.length === 0) body = q ? <EmptyPart title={t('admin.sellers.noMatch')} /> : <EmptyPart title={t('admin.sellers.none')} />;
  else {
    const { sellers: rows, total, page: current, pageSize } = sellers.data;
    body = (
      <>
        {sellers.failed ? <NotCurrentNote onRetry={sellers.reload} /> : null}
        <DataList<AdminSeller> label={t('admin.sellers.title')} columns={columns} rows={rows} rowKey={(seller) => seller.id} busy={sellers.stale} />
        <Pager noun="sellers" page={current} pageSize={pageSize} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="admin-section" aria-labelledby="sellers-title">
      <div className="admin-section__header">
        <h2 id="sellers-title">{t('admin.sellers.title')}</h2>
      </div>
      <form className="filters" role="search" aria-label={t('admin.sellers.title')} onSubmit={submit}>
        <div className="field filters__search">
          <label className="field__label" htmlFor={searchId}>
            {t('admin.sellers.search')}
          </label>
          <div className="filters__row">
            <input
              id={searchId}
              className="field__input"
              type="search"
              name="q"
              maxLength={100}
              autoComplete="off"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby={`${searchId}-hint`}
            />
            <button type="submit" className="button">
              {t('admin.search')}
            </button>
          </div>
          <p className="field__hint" id={`${searchId}-hint`}>
            {t('admin.sellers.searchHint')}
          </p>
        </div>
      </form>
      {body}
    </section>
  );
}
