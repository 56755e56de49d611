import { useState } from 'react';
import { parseOrFirstError, sellerBusinessDetailsSchema } from '@escrow/core/validation';
import { SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

export function BusinessDetailsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const t = useSellerT();
  const [fields, setFields] = useState({ businessName: profile.businessName, location: profile.location, phone: profile.phone, whatsapp: profile.whatsapp ?? '' });
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerBusinessDetailsSchema, input),
    values: () => fields,
    send: () => sellerApi.updateBusinessDetails(fields, t('catalogue.sellerProfile.updateFailed')),
    success: t('catalogue.sellerProfile.businessDetailsUpdated'),
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <SectionStatus outcome={save.outcome} />
      <TextField label={t('seller.profile.businessName')} name="businessName" required maxLength={100} value={fields.businessName} onValueChange={set('businessName')} />
      <TextField label={t('seller.profile.location')} name="location" required maxLength={100} value={fields.location} onValueChange={set('location')} />
      <TextField label={t('seller.profile.phone')} name="phone" type="tel" inputMode="tel" required value={fields.phone} onValueChange={set('phone')} />
      <TextField label={t('seller.profile.whatsapp')} name="whatsapp" type="tel" inputMode="tel" value={fields.whatsapp} onValueChange={set('whatsapp')} hint={t('seller.profile.whatsappHint')} />
      <SubmitButton busy={save.busy} busyLabel={t('seller.saving')}>
        {t('seller.profile.saveBusiness')}
      </SubmitButton>
    </form>
  );
}
