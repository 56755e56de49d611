import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { LogoInput } from './logo-input.tsx';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

export function LogoSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const t = useSellerT();
  const [file, setFile] = useState<File | null>(null);
  const save = useSectionSave({ parse: () => ({ ok: true }), values: () => null, send: () => Promise.reject(new Error('unused')), success: '', onSaved });
  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.busy) return;
    if (!file) {
      save.setOutcome({ tone: 'error', text: t('seller.profile.chooseImage') });
      return;
    }
    save.run(() => sellerApi.uploadLogo(file, t('catalogue.sellerProfile.uploadLogoFailed')), t('catalogue.sellerProfile.logoUploaded'));
  };
  return (
    <form className="form" noValidate onSubmit={upload}>
      <SectionStatus outcome={save.outcome} />
      {profile.logoUrl ? (
        <img className="logo-preview" src={profile.logoUrl} alt={t('seller.profile.logoAlt', { business: profile.businessName })} width={96} height={96} />
      ) : (
        <p className="section-note">{t('seller.profile.noLogo')}</p>
      )}
      <LogoInput file={file} onFileChange={setFile} label={profile.logoUrl ? t('seller.profile.newLogo') : t('seller.profile.logoLabel')} />
      <SubmitButton busy={save.busy} busyLabel={t('seller.profile.uploading')} disabled={!file}>
        {t('seller.profile.uploadLogo')}
      </SubmitButton>
      {profile.logoUrl ? (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={save.busy}
          onClick={() => save.run(() => sellerApi.removeLogo(t('catalogue.sellerProfile.removeLogoFailed')), t('catalogue.sellerProfile.logoRemoved'))}
        >
          {t('seller.profile.removeLogo')}
        </button>
      ) : null}
    </form>
  );
}
