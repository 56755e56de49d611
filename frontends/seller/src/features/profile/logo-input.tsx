import { useEffect, useId, useMemo } from 'react';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/** An image file picker with a preview; the server checks the bytes (JPEG, PNG, WebP or GIF, 10 MB). */
export function LogoInput({ file, onFileChange, label }: { file: File | null; onFileChange: (file: File | null) => void; label?: string }) {
  const t = useSellerT();
  const id = useId();
  // An object URL per chosen file, released when the file changes or the field goes away.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label ?? t('seller.logo.label')}
        <span className="field__optional">{t('seller.optional')}</span>
      </label>
      <input id={id} name="logo" type="file" accept="image/*" className="file-input" onChange={(event) => onFileChange(event.target.files?.[0] ?? null)} />
      {preview ? <img className="logo-preview" src={preview} alt={t('seller.logo.preview')} width={96} height={96} /> : null}
    </div>
  );
}
