import { useId, useState, type FormEvent } from 'react';
import { DataList, type Column } from '@escrow/ui/components/data-list';
import { formatNairobiDate } from '@escrow/ui/format/format-nairobi-date';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminSeller, SellersPage } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { Pager } from '../../shared/pager.tsx';
import { PAYMENT_METHOD_LABELS } from '../../shared/payout-method.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';

const PAGE_SIZE = 20;

const SELLER_COLUMNS: readonly Column<AdminSeller>[] = [
  { header: 'Business Name', cell: (seller) => <span className="cell-strong">{seller.businessName}</span> },
  { header: 'Location', cell: (seller) => seller.location },
  { header: 'Phone', cell: (seller) => seller.phone },
  { header: 'WhatsApp', cell: (seller) => seller.whatsapp || '-' },
  { header: 'Payment Method', cell: (seller) => (seller.paymentMethod ? (PAYMENT_METHOD_LABELS[seller.paymentMethod] ?? '-') : '-') },
  { header: 'Payment Number', cell: (seller) => seller.paymentNumber || '-' },
  { header: 'Joined', cell: (seller) => formatNairobiDate(seller.createdAt), nowrap: true },
];

/**
 * The Sellers tab: every seller, read only (admins read but never change a seller's payment
 * details, PRODUCT-DECISIONS: access), searchable by the server and paged.
 */
export function SellersTab() {
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
  if (sellers.failed && (sellers.data === null || sellers.stale)) body = <FailedPart what="the sellers" onRetry={sellers.reload} unavailable={sellers.unavailable} />;
  else if (sellers.data === null) body = <LoadingPart label="Loading sellers…" />;
  else if (sellers.data.sellers.length === 0) body = q ? <EmptyPart title="No sellers match this search." /> : <EmptyPart title="No sellers yet." />;
  else {
    const { sellers: rows, total, page: current, pageSize } = sellers.data;
    body = (
      <>
        {sellers.failed ? <NotCurrentNote onRetry={sellers.reload} /> : null}
        <DataList<AdminSeller> label="Sellers" columns={SELLER_COLUMNS} rows={rows} rowKey={(seller) => seller.id} busy={sellers.stale} />
        <Pager noun={['seller', 'sellers']} page={current} pageSize={pageSize} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="admin-section" aria-labelledby="sellers-title">
      <div className="admin-section__header">
        <h2 id="sellers-title">Sellers</h2>
      </div>
      <form className="filters" role="search" aria-label="Sellers" onSubmit={submit}>
        <div className="field filters__search">
          <label className="field__label" htmlFor={searchId}>
            Search sellers
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
              Search
            </button>
          </div>
          <p className="field__hint" id={`${searchId}-hint`}>
            Business name, location or phone.
          </p>
        </div>
      </form>
      {body}
    </section>
  );
}
