import { useId, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@escrow/core/orders';
import { useAdminT } from '../../i18n/use-admin-t.ts';

export interface OrderFilter {
  readonly status: OrderStatus | '';
  readonly q: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Search (tracking number, buyer phone, seller name) and a status filter, both applied by the
 * server over every order: the list is paged, so filtering the page in the browser would miss
 * most matches.
 */
export function OrderFilters({ filter, onChange }: { filter: OrderFilter; onChange: (filter: OrderFilter) => void }) {
  const t = useAdminT();
  const [draft, setDraft] = useState(filter.q);
  const searchId = useId();
  const statusId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filter, q: draft.trim() });
  };
  return (
    <form className="filters" role="search" aria-label={t('admin.orders.list')} onSubmit={submit}>
      <div className="field filters__search">
        <label className="field__label" htmlFor={searchId}>
          {t('admin.orders.search')}
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
          {t('admin.orders.searchHint')}
        </p>
      </div>
      <div className="field filters__status">
        <label className="field__label" htmlFor={statusId}>
          {t('admin.orders.status')}
        </label>
        <select id={statusId} className="field__input" value={filter.status} onChange={(event) => onChange({ ...filter, q: draft.trim(), status: event.target.value as OrderStatus | '' })}>
          <option value="">{t('admin.orders.allStatuses')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalised(t(`admin.status.${status}`))}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
