import { useState, type FormEvent } from 'react';
import { catalogue } from '@escrow/core/messages';
import { SubmitButton } from '@escrow/ui/components/form-field';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { LogoInput } from './logo-input.tsx';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';

export function LogoSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const save = useSectionSave({ parse: () => ({ ok: true }), values: () => null, send: () => Promise.reject(new Error('unused')), success: '', onSaved });
  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.busy) return;
    if (!file) {
      save.setOutcome({ tone: 'error', text: 'Please choose an image file' });
      return;
    }
    save.run(() => sellerApi.uploadLogo(file, catalogue.sellerProfile.uploadLogoFailed), catalogue.sellerProfile.logoUploaded);
  };
  return (
    <form className="form" noValidate onSubmit={upload}>
      <SectionStatus outcome={save.outcome} />
      {profile.logoUrl ? (
        <img className="logo-preview" src={profile.logoUrl} alt={`${profile.businessName} logo`} width={96} height={96} />
      ) : (
        <p className="section-note">No logo yet. Buyers see your logo on the order page.</p>
      )}
      <LogoInput file={file} onFileChange={setFile} label={profile.logoUrl ? 'New logo' : 'Logo'} />
      <SubmitButton busy={save.busy} busyLabel="Uploading…" disabled={!file}>
        Upload Logo
      </SubmitButton>
      {profile.logoUrl ? (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={save.busy}
          onClick={() => save.run(() => sellerApi.removeLogo(catalogue.sellerProfile.removeLogoFailed), catalogue.sellerProfile.logoRemoved)}
        >
          Remove Logo
        </button>
      ) : null}
    </form>
  );
}
