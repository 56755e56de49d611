import { useEffect, useId, useMemo } from 'react';
import { sellerText, useSellerT } from '../../i18n/use-seller-t.ts';

/** The server's limit (core's MAX_PHOTO_BYTES); checked here too so a seller on mobile data is not made to upload 30 MB for nothing. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be sent, or null. The server judges the bytes; this is a first check. */
export function photoProblem(file: File | null, label: string): string | null {
  if (!file) return null;
  if (file.type !== '' && !file.type.startsWith('image/')) return sellerText('seller.photo.notImage', { label });
  if (file.size > MAX_PHOTO_BYTES) return sellerText('seller.photo.tooBig', { label });
  return null;
}

/** An optional photo with a preview of what was chosen, and a way to clear it. */
export function PhotoInput({ label, name, file, onFileChange, hint }: { label: string; name: string; file: File | null; onFileChange: (file: File | null) => void; hint?: string }) {
  const t = useSellerT();
  const id = useId();
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
        {label}
        <span className="field__optional">{t('seller.optional')}</span>
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        className="file-input"
        aria-describedby={hint ? `${id}-hint` : undefined}
        // A file input cannot be set from state; keying it on the file clears it when the file is removed.
        key={file ? 'chosen' : 'empty'}
        onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
      />
      {preview && file ? (
        <div className="seller-photo-preview">
          <img src={preview} alt={t('seller.photo.preview', { label: label.toLowerCase() })} width={96} height={96} />
          <button type="button" className="button button--secondary" onClick={() => onFileChange(null)}>
            {t('seller.photo.remove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
