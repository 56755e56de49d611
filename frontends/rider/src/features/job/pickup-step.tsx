import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useEffect, useId, useRef, useState } from 'react';
import { riderApi, type RiderChange } from '../../shared/rider-api.ts';
import { shrinkPhoto } from './shrink-photo.ts';
import type { StepProps } from './step-props.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

/** The server's limit (core's MAX_PHOTO_BYTES; its message is rider.pickup.photoTooLarge). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Photo proof of pickup: the upload moves the order to in transit (spec section 4). */
export function PickupStep({ orderId, credentials, onSending, onNotSent, onDone }: StepProps) {
  const t = useRiderT();
  const inputId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const previewRef = useRef<string | null>(null);
  const action = useIdempotentAction<RiderChange>(t('catalogue.rider.confirmPickupFailed'));

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
    setPhoto(file);
    action.setError(null);
  };

  return (
    <section className="card card--step" aria-labelledby="step-title">
      <h2 id="step-title">{t('rider.pickup.title')}</h2>
      <form
        className="form"
        noValidate
        aria-labelledby="step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!photo) {
            action.setError(t('catalogue.rider.uploadPickupPhoto'));
            return;
          }
          setPreparing(true);
          void shrinkPhoto(photo).then((upload) => {
            setPreparing(false);
            if (upload.size > MAX_PHOTO_BYTES) {
              action.setError(t('rider.pickup.photoTooLarge'));
              return;
            }
            onSending();
            // The same photo again (a retry) keeps its Idempotency-Key.
            action.run(`${photo.name}\n${photo.size}\n${photo.lastModified}`, (key) => riderApi.pickup(orderId, credentials, upload, key, t('catalogue.rider.confirmPickupFailed')), {
              onSuccess: (data) => onDone(data.message || t('catalogue.rider.pickupConfirmed')),
              onFailure: onNotSent,
            });
          });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {t('rider.pickup.photo')}
          </label>
          <input
            id={inputId}
            name="photo"
            type="file"
            accept="image/*"
            capture="environment"
            className="field__input field__input--file"
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p className="field__hint" id={`${inputId}-hint`}>
            {t('rider.pickup.photoHint')}
          </p>
        </div>
        {preview ? <img className="photo-preview" src={preview} alt={t('rider.pickup.previewAlt')} /> : null}
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy || preparing} busyLabel={t('rider.pickup.uploading')}>
          {t('rider.pickup.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
