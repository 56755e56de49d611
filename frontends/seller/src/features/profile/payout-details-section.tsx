import { useState } from 'react';
import { PAYOUT_DETAILS_METHODS, parseOrFirstError, sellerPayoutDetailsSchema, type PayoutDetailsMethod } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { sellerApi, type PayoutDetails, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';
import { sellerText, useSellerT } from '../../i18n/use-seller-t.ts';

/** '+254 712 345 678': the owner's own number, whole and readable. */
const spacedPhone = (e164: string): string => e164.replace(/^(\+254)(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

/** Where payouts go now, in words (in the page's language). */
export function payoutDestinationText(d: PayoutDetails): string {
  const t = sellerText;
  if (d.method === 'mpesa_phone') return t('seller.payoutDetails.toPhone', { phone: spacedPhone(d.phone ?? '') });
  if (d.method === 'till') return t('seller.payoutDetails.toTill', { till: d.tillNumber ?? '' });
  return d.accountReference
    ? t('seller.payoutDetails.toPaybillAccount', { paybill: d.paybillNumber ?? '', account: d.accountReference })
    : t('seller.payoutDetails.toPaybill', { paybill: d.paybillNumber ?? '' });
}

/**
 * Payout details (decision 0049): where the seller's payouts go, apart from the business phone.
 * Changing them needs the account's password again; the server emails the owner and holds
 * payouts to new details for 24 hours, shown here as "Held until <Nairobi time>". The shared
 * schema checks the form before anything is sent; the server checks it again, and the password.
 */
export function PayoutDetailsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const t = useSellerT();
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
    send: () => sellerApi.updatePayoutDetails(body(), t('catalogue.sellerProfile.updatePayoutDetailsFailed')),
    success: t('catalogue.sellerProfile.payoutDetailsUpdated'),
    onSaved: (saved) => {
      setCurrentPassword('');
      onSaved(saved);
    },
  });
  const missingAccount = current.method === 'paybill' && !current.accountReference;

  return (
    <div className="form payout-details">
      <dl className="payout-details__current">
        <dt>{t('seller.payoutDetails.goTo')}</dt>
        <dd>{payoutDestinationText(current)}</dd>
        {current.heldUntil ? (
          <>
            <dt>{t('seller.payoutDetails.onHold')}</dt>
            <dd className="payout-details__held">{t('seller.payoutDetails.heldUntil', { time: formatNairobiDateTime(current.heldUntil) })}</dd>
          </>
        ) : null}
      </dl>
      {missingAccount ? <FormAlert tone="info">{t('seller.payoutDetails.missingAccount')}</FormAlert> : null}
      <form className="form" noValidate onSubmit={save.onSubmit} aria-busy={save.busy || undefined}>
        <p className="section-note">{t('seller.payoutDetails.note')}</p>
        <SectionStatus outcome={save.outcome} />
        <fieldset className="radio-group">
          <legend>{t('seller.payoutDetails.payMeBy')}</legend>
          {PAYOUT_DETAILS_METHODS.map((value) => (
            <label key={value} className="radio-option">
              <input type="radio" name="payoutMethod" value={value} checked={method === value} onChange={() => setMethod(value)} />
              {t(`seller.payoutDetails.${value}`)}
            </label>
          ))}
        </fieldset>
        {method === 'mpesa_phone' ? (
          <TextField label={t('seller.payoutDetails.phone')} name="payoutPhone" type="tel" inputMode="tel" autoComplete="off" placeholder={t('seller.examplePhone')} required value={fields.phone} onValueChange={set('phone')} />
        ) : null}
        {method === 'paybill' ? (
          <>
            <TextField label={t('seller.payoutDetails.paybillNumber')} name="paybillNumber" inputMode="numeric" autoComplete="off" placeholder={t('seller.payout.example.paybill')} required value={fields.paybillNumber} onValueChange={set('paybillNumber')} />
            <TextField
              label={t('seller.payoutDetails.account')}
              name="accountReference"
              autoComplete="off"
              maxLength={13}
              required
              value={fields.accountReference}
              onValueChange={set('accountReference')}
              hint={t('seller.payoutDetails.accountHint')}
            />
          </>
        ) : null}
        {method === 'till' ? (
          <TextField label={t('seller.payoutDetails.tillNumber')} name="tillNumber" inputMode="numeric" autoComplete="off" placeholder={t('seller.payout.example.till')} required value={fields.tillNumber} onValueChange={set('tillNumber')} />
        ) : null}
        <TextField label={t('seller.payoutDetails.password')} name="currentPassword" type="password" autoComplete="current-password" required value={currentPassword} onValueChange={setCurrentPassword} />
        <SubmitButton busy={save.busy} busyLabel={t('seller.saving')}>
          {t('seller.payoutDetails.save')}
        </SubmitButton>
      </form>
    </div>
  );
}
