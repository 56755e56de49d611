import { useState } from 'react';
import { parseOrFirstError, sellerAboutSchema } from '@escrow/core/validation';
import { SubmitButton, TextAreaField } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

export function AboutSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const t = useSellerT();
  const [about, setAbout] = useState(profile.about ?? '');
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerAboutSchema, input),
    values: () => ({ about }),
    send: () => sellerApi.updateAbout({ about }, t('catalogue.sellerProfile.updateFailed')),
    success: t('catalogue.sellerProfile.aboutUpdated'),
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <SectionStatus outcome={save.outcome} />
      <TextAreaField label={t('seller.profile.aboutLabel')} name="about" rows={5} maxLength={1000} value={about} onValueChange={setAbout} />
      <SubmitButton busy={save.busy} busyLabel={t('seller.saving')}>
        {t('seller.profile.saveAbout')}
      </SubmitButton>
    </form>
  );
}
