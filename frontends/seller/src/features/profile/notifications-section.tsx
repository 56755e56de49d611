import { useId, useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { parseOrFirstError, sellerNotificationsSchema } from '@escrow/core/validation';
import { SubmitButton } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';

/**
 * Notifications (decision 0048): how the seller hears of payments, deliveries, refunds and
 * payouts. SMS, email or both; the shared schema refuses neither before anything is sent. An
 * account without an email address can only choose SMS: the email box is off, and says why.
 */
export function NotificationsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const hasEmail = profile.email !== null;
  const [bySms, setBySms] = useState(profile.notifyBySms);
  const [byEmail, setByEmail] = useState(profile.notifyByEmail && hasEmail);
  const noEmailHint = useId();
  const choice = { notifyBySms: bySms, notifyByEmail: byEmail };
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerNotificationsSchema, input),
    values: () => choice,
    send: () => sellerApi.updateNotifications(choice, catalogue.sellerProfile.updateNotificationsFailed),
    success: catalogue.sellerProfile.notificationsUpdated,
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <p className="section-note">We tell you when a buyer pays, when an order is delivered or refunded, and when your payout is sent.</p>
      <SectionStatus outcome={save.outcome} />
      <fieldset className="notify-choices">
        <legend>Tell me about my orders</legend>
        <label className="checkbox-field">
          <input type="checkbox" name="notifyBySms" checked={bySms} onChange={(event) => setBySms(event.target.checked)} />
          <span>By SMS to {profile.phone}</span>
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
          <span>{hasEmail ? `By email to ${profile.email}` : 'By email'}</span>
        </label>
        {hasEmail ? null : (
          <p className="field__hint" id={noEmailHint}>
            Your account has no email address, so we tell you by SMS.
          </p>
        )}
      </fieldset>
      <SubmitButton busy={save.busy} busyLabel="Saving…">
        Save Notifications
      </SubmitButton>
    </form>
  );
}
