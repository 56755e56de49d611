import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { parseOrFirstError, sellerBusinessDetailsSchema } from '@escrow/core/validation';
import { SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';

export function BusinessDetailsSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const [fields, setFields] = useState({ businessName: profile.businessName, location: profile.location, phone: profile.phone, whatsapp: profile.whatsapp ?? '' });
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerBusinessDetailsSchema, input),
    values: () => fields,
    send: () => sellerApi.updateBusinessDetails(fields, catalogue.sellerProfile.updateFailed),
    success: catalogue.sellerProfile.businessDetailsUpdated,
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <SectionStatus outcome={save.outcome} />
      <TextField label="Business name" name="businessName" required maxLength={100} value={fields.businessName} onValueChange={set('businessName')} />
      <TextField label="Location" name="location" required maxLength={100} value={fields.location} onValueChange={set('location')} />
      <TextField label="Phone number" name="phone" type="tel" inputMode="tel" required value={fields.phone} onValueChange={set('phone')} />
      <TextField label="WhatsApp number" name="whatsapp" type="tel" inputMode="tel" value={fields.whatsapp} onValueChange={set('whatsapp')} hint="Leave empty if buyers should not contact you on WhatsApp." />
      <SubmitButton busy={save.busy} busyLabel="Saving…">
        Save Business Details
      </SubmitButton>
    </form>
  );
}
