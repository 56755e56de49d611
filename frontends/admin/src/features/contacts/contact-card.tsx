import { useState } from 'react';
import { StatusBadge } from '@escrow/ui/components/status-badge';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { adminText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { ContactSubmission } from '../../shared/admin-types.ts';

const keys = new OnceKeys();

/** One message from the contact form: who, how to reach them, when, what; resolved ones are dimmed. */
export function ContactCard({ contact }: { contact: ContactSubmission }) {
  const t = useAdminT();
  const { refresh, accessLost } = useAdminScreen();
  const [busy, setBusy] = useState(false);
  const [resolved, setResolved] = useState<ContactSubmission | null>(null);
  const shown = resolved ?? contact;
  const action = `contact:${contact.id}`;

  const resolve = () => {
    if (busy) return;
    setBusy(true);
    void adminApi.resolveContact(contact.id, keys.keyFor(action), t('catalogue.admin.updateContactFailed')).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setResolved(result.data.contact);
        showToast(adminText('catalogue.admin.contactResolved'));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      showToast(adminText('catalogue.admin.updateContactFailed'), 'error');
    });
  };

  const titleId = `contact-${contact.id}`;
  return (
    <article className={`contact-card${shown.resolved ? ' contact-card--resolved' : ''}`} aria-labelledby={titleId}>
      <div className="contact-card__header">
        <h3 className="contact-card__name" id={titleId}>
          {shown.name}
        </h3>
        {shown.resolved ? <StatusBadge tone="neutral">{t('admin.contact.resolved')}</StatusBadge> : null}
      </div>
      <p className="contact-card__meta">
        <a href={`mailto:${shown.email}`}>{shown.email}</a>
        {shown.phone ? (
          <>
            {' · '}
            <a href={`tel:${shown.phone}`}>{shown.phone}</a>
          </>
        ) : null}
      </p>
      <p className="contact-card__meta">
        <time dateTime={shown.createdAt}>{formatNairobiDateTime(shown.createdAt)}</time>
        {shown.resolved && shown.resolvedAt
          ? shown.resolvedByEmail
            ? t('admin.contact.resolvedAtBy', { time: formatNairobiDateTime(shown.resolvedAt), email: shown.resolvedByEmail })
            : t('admin.contact.resolvedAt', { time: formatNairobiDateTime(shown.resolvedAt) })
          : null}
      </p>
      <p className="contact-card__message">{shown.message}</p>
      {shown.resolved ? null : (
        <button type="button" className="button button--secondary" onClick={resolve} disabled={busy} aria-busy={busy || undefined} aria-label={t('admin.contact.markResolvedFor', { name: shown.name })}>
          {busy ? t('admin.contact.marking') : t('admin.contact.markResolved')}
        </button>
      )}
    </article>
  );
}
