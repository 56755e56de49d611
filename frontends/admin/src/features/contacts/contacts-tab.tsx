import { useId, useState } from 'react';
import { useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { ContactsPage } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { Pager } from '../../shared/pager.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { ContactCard } from './contact-card.tsx';

type Filter = 'all' | 'open' | 'resolved';
const PAGE_SIZE = 20;
const FILTERS: readonly Filter[] = ['all', 'open', 'resolved'];

/** The Contacts tab: messages sent through /contact, newest first, paged by the server. */
export function ContactsTab() {
  const t = useAdminT();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const contacts = useAdminQuery<ContactsPage>(adminApi.contactsPath({ status: filter, page, pageSize: PAGE_SIZE }));
  const filterId = useId();

  let body;
  if (contacts.failed && (contacts.data === null || contacts.stale)) body = <FailedPart title={t('admin.failed.contacts')} onRetry={contacts.reload} unavailable={contacts.unavailable} />;
  else if (contacts.data === null) body = <LoadingPart label={t('admin.contacts.loading')} />;
  else if (contacts.data.contacts.length === 0) body = <EmptyPart title={filter === 'all' ? t('admin.contacts.none') : t('admin.contacts.noneHere')} />;
  else {
    const { contacts: rows, total, page: current, pageSize } = contacts.data;
    body = (
      <>
        {contacts.failed ? <NotCurrentNote onRetry={contacts.reload} /> : null}
        <ul className={`contact-list${contacts.stale ? ' is-busy' : ''}`} aria-label={t('admin.contacts.list')} aria-busy={contacts.stale || undefined}>
          {rows.map((contact) => (
            <li key={contact.id}>
              <ContactCard contact={contact} />
            </li>
          ))}
        </ul>
        <Pager noun="messages" page={current} pageSize={pageSize} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="admin-section" aria-labelledby="contacts-title">
      <div className="admin-section__header admin-section__header--row">
        <h2 id="contacts-title">{t('admin.contacts.title')}</h2>
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
                {t(`admin.contacts.filter.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
