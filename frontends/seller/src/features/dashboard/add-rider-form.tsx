import { useRef, useState, type FormEvent } from 'react';
import { addRiderSchema, parseOrFirstError } from '@escrow/core/validation';
import { SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type RiderView } from '../../shared/orders-api.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

const EMPTY = { name: '', phone: '', motorbikePlate: '' };

/**
 * Add Rider: name, phone and plate are all required ('Please fill in all fields', the shared
 * schema's message); the server normalises the phone and plate and answers 'Rider added
 * successfully'. What was typed stays after a failure.
 */
export function AddRiderForm({ onAdded, onOutcome }: { onAdded: (rider: RiderView) => void; onOutcome: (outcome: { tone: 'success' | 'error'; text: string }) => void }) {
  const t = useSellerT();
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  // One key per rider typed: a retry after a lost answer adds them once.
  const attempt = useRef<{ fields: string; key: string } | null>(null);
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(addRiderSchema, fields);
    if (!parsed.ok) return onOutcome({ tone: 'error', text: localText(parsed.message) });
    const fingerprint = JSON.stringify(parsed.value);
    if (attempt.current?.fields !== fingerprint) attempt.current = { fields: fingerprint, key: newIdempotencyKey() };
    setBusy(true);
    const failed = t('catalogue.seller.addRiderFailed');
    void ordersApi.addRider(fields, failed, attempt.current.key).then((result) => {
      setBusy(false);
      if (!result.ok) return onOutcome({ tone: 'error', text: failureText(result, failed) });
      attempt.current = null;
      setFields(EMPTY);
      onAdded(result.data.rider);
      onOutcome({ tone: 'success', text: t('catalogue.seller.riderAdded') });
    });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="add-rider-title">
      <h3 id="add-rider-title" className="add-rider__title">
        {t('seller.addRider.title')}
      </h3>
      <TextField label={t('seller.addRider.name')} name="name" autoComplete="off" required maxLength={100} value={fields.name} onValueChange={set('name')} />
      <TextField label={t('seller.addRider.phone')} name="phone" type="tel" inputMode="tel" autoComplete="off" required placeholder={t('seller.examplePhone')} value={fields.phone} onValueChange={set('phone')} />
      <TextField label={t('seller.addRider.plate')} name="motorbikePlate" autoComplete="off" required maxLength={20} placeholder={t('seller.addRider.plateExample')} value={fields.motorbikePlate} onValueChange={set('motorbikePlate')} />
      <SubmitButton busy={busy} busyLabel={t('seller.addRider.busy')}>
        {t('seller.addRider.submit')}
      </SubmitButton>
    </form>
  );
}
