import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { PAYOUT_DETAILS_METHODS, parseOrFirstError, sellerPayoutDetailsSchema, type PayoutDetailsMethod } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { sellerApi, type PayoutDetails, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';

const METHOD_LABELS: Record<PayoutDetailsMethod, string> = {
  mpesa_phone: 'M-Pesa phone',
  paybill: 'Paybill',
  till: 'Till (Buy Goods)',
};

/** '+254 712 345 678': the owner's own number, whole and readable. */
const spacedPhone = (e164: string): string => e164.replace(/^(\+254)(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

/** Where payouts go now, in words. */
export function payoutDestinationText(d: PayoutDetails): string {
  if (d.method === 'mpesa_phone') return `M-Pesa phone ${spacedPhone(d.phone ?? '')}`;
  if (d.method === 'till') return `Till number ${d.tillNumber ?? ''}`;
  return d.accountReference ? `Paybill ${d.paybillNumber ?? ''}, account ${d.accountReference}` : `Paybill ${d.paybillNumber ?? ''}`;
}

/**
 * Payout details (decision 0049): where the seller's payouts go, apart from the business phone.
 * Changing them needs the account's password again; the server emails the owner and holds
 * payouts to new details for 24 hours, shown here as "Held until <Nairobi time>". The shared
 * schema checks the form before anything is sent; the server checks it again, and the password.
 */
export function PayoutDetailsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const current = profile.payoutDetails;
  const [method, setMethod] = useState<PayoutDetailsMethod>(current.method);
  const [fields, setFields] = useState({
    phone: current.phone ?? '',
    paybillNumber: current.paybillNumber ?? '',
    accountReference: current.accountReference ?? '',
    tillNumber: current.tillNumber ?? '',
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const set = (name: keyof typeof fields) => (value: string) => setFields((was) => ({ ...was, [name]: value }));
  const body = () => ({ method, ...fields, currentPassword });
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerPayoutDetailsSchema, input),
    values: body,
    send: () => sellerApi.updatePayoutDetails(body(), catalogue.sellerProfile.updatePayoutDetailsFailed),
    success: catalogue.sellerProfile.payoutDetailsUpdated,
    onSaved: (saved) => {
      setCurrentPassword('');
      onSaved(saved);
    },
  });
  const missingAccount = current.method === 'paybill' && !current.accountReference;

  return (
    <div className="form payout-details">
      <dl className="payout-details__current">
        <dt>Payouts go to</dt>
        <dd>{payoutDestinationText(current)}</dd>
        {current.heldUntil ? (
          <>
            <dt>On hold</dt>
            <dd className="payout-details__held">Held until {formatNairobiDateTime(current.heldUntil)} (Nairobi time): payouts to new details wait 24 hours.</dd>
          </>
        ) : null}
      </dl>
      {missingAccount ? <FormAlert tone="info">Add the account number of your Paybill: payouts wait until it is there.</FormAlert> : null}
      <form className="form" noValidate onSubmit={save.onSubmit} aria-busy={save.busy || undefined}>
        <p className="section-note">Changing where you are paid needs your password. We email you each time, and payouts to new details start after 24 hours.</p>
        <SectionStatus outcome={save.outcome} />
        <fieldset className="radio-group">
          <legend>Pay me by</legend>
          {PAYOUT_DETAILS_METHODS.map((value) => (
            <label key={value} className="radio-option">
              <input type="radio" name="payoutMethod" value={value} checked={method === value} onChange={() => setMethod(value)} />
              {METHOD_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {method === 'mpesa_phone' ? (
          <TextField label="M-Pesa phone number" name="payoutPhone" type="tel" inputMode="tel" autoComplete="off" placeholder="e.g. 0712345678" required value={fields.phone} onValueChange={set('phone')} />
        ) : null}
        {method === 'paybill' ? (
          <>
            <TextField label="Paybill number" name="paybillNumber" inputMode="numeric" autoComplete="off" placeholder="e.g. 247247" required value={fields.paybillNumber} onValueChange={set('paybillNumber')} />
            <TextField
              label="Account number"
              name="accountReference"
              autoComplete="off"
              maxLength={13}
              required
              value={fields.accountReference}
              onValueChange={set('accountReference')}
              hint="The account at this Paybill to pay into, e.g. your bank account number (at most 13 characters)."
            />
          </>
        ) : null}
        {method === 'till' ? (
          <TextField label="Till number" name="tillNumber" inputMode="numeric" autoComplete="off" placeholder="e.g. 5123456" required value={fields.tillNumber} onValueChange={set('tillNumber')} />
        ) : null}
        <TextField label="Your password" name="currentPassword" type="password" autoComplete="current-password" required value={currentPassword} onValueChange={setCurrentPassword} />
        <SubmitButton busy={save.busy} busyLabel="Saving…">
          Save Payout Details
        </SubmitButton>
      </form>
    </div>
  );
}
