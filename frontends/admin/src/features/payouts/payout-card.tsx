import { useState } from 'react';
import { StatusBadge, type BadgeTone } from '@escrow/ui/components/status-badge';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { localText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPayout } from '../../shared/admin-types.ts';
import { purposeLabel, stateLabel, stateTone } from './payout-words.ts';
import { RecordReferenceDialog } from './record-reference-dialog.tsx';
import { RetryPayoutButton } from './retry-payout-button.tsx';

const TONE: Record<ReturnType<typeof stateTone>, BadgeTone> = { paid: 'success', failed: 'danger', moving: 'info', waiting: 'warning' };

/** A payout's state; `admin-payout-state` names it for the tests (its look is the kit's). */
export function PayoutStateBadge({ payout }: { payout: Pick<AdminPayout, 'state'> }) {
  const t = useAdminT();
  return (
    <StatusBadge tone={TONE[stateTone(payout.state)]} className="admin-payout-state">
      {stateLabel(t, payout.state)}
    </StatusBadge>
  );
}

/**
 * One payout: what it is for, how much, where it went, its state, M-Pesa's receipt, why it
 * failed (in words), and what an admin may do: Retry a failed one, record the M-Pesa reference
 * of one paid by hand. `withOrder`: the payouts lists name the order; an order's own dialog does not.
 */
export function PayoutCard({ payout, withOrder = false }: { payout: AdminPayout; withOrder?: boolean }) {
  const t = useAdminT();
  const [error, setError] = useState<string | null>(null);
  const purpose = purposeLabel(t, payout.purpose);
  const label = payout.trackingNumber ? t('admin.payouts.of', { purpose, tracking: payout.trackingNumber }) : purpose;
  return (
    <article className="payout-card" aria-label={label}>
      <div className="refund-card__header">
        <h3 className="refund-card__title">
          {purpose} <span className="payout-card__amount">{formatKsh(payout.amount)}</span>
          {withOrder && payout.trackingNumber ? (
            <span className="cell-sub">
              {payout.itemName} ({payout.trackingNumber})
            </span>
          ) : null}
        </h3>
        <PayoutStateBadge payout={payout} />
      </div>
      <dl className="detail-list detail-list--grid">
        <div>
          <dt>{t('admin.payout.to')}</dt>
          <dd>{payout.destination ?? <span className="muted">{t('admin.payout.notSent')}</span>}</dd>
        </div>
        <div>
          <dt>{t('admin.payment.receipt')}</dt>
          <dd>{payout.receipt ? <span className="receipt-code">{payout.receipt}</span> : <span className="muted">{t('admin.noneYet')}</span>}</dd>
        </div>
        {payout.receiverName ? (
          <div>
            <dt>{t('admin.payout.receivedBy')}</dt>
            <dd>{payout.receiverName}</dd>
          </div>
        ) : null}
        <div>
          <dt>{payout.completedAt ? t('admin.payout.paid') : t('admin.payout.lastChange')}</dt>
          <dd>
            {formatNairobiDateTime(payout.completedAt ?? payout.updatedAt)}
            {payout.attempt > 1 ? <span className="muted"> {t('admin.payout.attempt', { attempt: payout.attempt })}</span> : null}
          </dd>
        </div>
      </dl>
      {payout.problem ? (
        <p className={`payout-card__problem${payout.state === 'failed' ? ' payout-card__problem--failed' : ''}`}>
          <span className="refund-card__label">{payout.state === 'failed' ? t('admin.payout.whyFailed') : t('admin.payout.note')} </span>
          {localText(payout.problem)}
        </p>
      ) : null}
      {error ? (
        <p className="payout-card__error" role="alert">
          {error}
        </p>
      ) : null}
      {payout.canRetry || payout.canRecordReference ? (
        <div className="refund-card__actions">
          {payout.canRetry ? <RetryPayoutButton payout={payout} label={label} onError={setError} /> : null}
          {payout.canRecordReference ? <RecordReferenceDialog payout={payout} label={label} /> : null}
        </div>
      ) : null}
    </article>
  );
}

/** Payouts as a list of cards (the order's dialog, the Payouts tab). */
export function PayoutList({ payouts, label, withOrder = false, busy = false }: { payouts: readonly AdminPayout[]; label: string; withOrder?: boolean; busy?: boolean }) {
  return (
    <ul className={`refund-list${busy ? ' is-busy' : ''}`} aria-label={label} aria-busy={busy || undefined}>
      {payouts.map((payout) => (
        <li key={payout.id} className="refund-card">
          <PayoutCard payout={payout} withOrder={withOrder} />
        </li>
      ))}
    </ul>
  );
}
