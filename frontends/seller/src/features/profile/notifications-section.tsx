import { useId, useState } from 'react';
import { parseOrFirstError, sellerNotificationsSchema } from '@escrow/core/validation';
import { SubmitButton } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * Notifications (decision 0048): how the seller hears of payments, deliveries, refunds and
 * payouts. SMS, email or both; the shared schema refuses neither before anything is sent. An
 * account without an email address can only choose SMS: the email box is off, and says why.
 */
export function NotificationsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const t = useSellerT();
  const hasEmail = profile.email !== null;
  const [bySms, setBySms] = useState(profile.notifyBySms);
  const [byEmail, setByEmail] = useState(profile.notifyByEmail && hasEmail);
  const noEmailHint = useId();
  const choice = { notifyBySms: bySms, notifyByEmail: byEmail };
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerNotificationsSchema, input),
    values: () => choice,
    send: () => sellerApi.updateNotifications(choice, t('catalogue.sellerProfile.updateNotificationsFailed')),
    success: t('catalogue.sellerProfile.notificationsUpdated'),
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <p className="section-note">{t('seller.notifications.note')}</p>
      <SectionStatus outcome={save.outcome} />
      <fieldset className="notify-choices">
        <legend>{t('seller.notifications.legend')}</legend>
        <label className="checkbox-field">
          <input type="checkbox" name="notifyBySms" checked={bySms} onChange={(event) => setBySms(event.target.checked)} />
          <span>{t('seller.notifications.sms', { phone: profile.phone })}</span>
        </label>
        <label className="checkbox-field">
          <input
            type="checkbox"
            name="notifyByEmail"
            checked={byEmail}
            disabled={!hasEmail}
            aria-describedby={hasEmail ? undefined : noEmailHint}
            onChange={(event) => setByEmail(event.target.checked)}
          />
          <span>{hasEmail ? t('seller.notifications.emailTo', { email: profile.email }) : t('seller.notifications.email')}</span>
        </label>
        {hasEmail ? null : (
          <p className="field__hint" id={noEmailHint}>
            {t('seller.notifications.noEmail')}
          </p>
        )}
      </fieldset>
      <SubmitButton busy={save.busy} busyLabel={t('seller.saving')}>
        {t('seller.notifications.save')}
      </SubmitButton>
    </form>
  );
}
