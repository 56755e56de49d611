import { useRef, useState, type FormEvent } from 'react';
import { catalogue } from '@escrow/core/messages';
import { addRiderSchema, parseOrFirstError } from '@escrow/core/validation';
import { SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type RiderView } from '../../shared/orders-api.ts';

const EMPTY = { name: '', phone: '', motorbikePlate: '' };

/**
 * Add Rider: name, phone and plate are all required ('Please fill in all fields', the shared
 * schema's message); the server normalises the phone and plate and answers 'Rider added
 * successfully'. What was typed stays after a failure.
 */
export function AddRiderForm({ onAdded, onOutcome }: { onAdded: (rider: RiderView) => void; onOutcome: (outcome: { tone: 'success' | 'error'; text: string }) => void }) {
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  // One key per rider typed: a retry after a lost answer adds them once.
  const attempt = useRef<{ fields: string; key: string } | null>(null);
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(addRiderSchema, fields);
    if (!parsed.ok) return onOutcome({ tone: 'error', text: parsed.message });
    const fingerprint = JSON.stringify(parsed.value);
    if (attempt.current?.fields !== fingerprint) attempt.current = { fields: fingerprint, key: newIdempotencyKey() };
    setBusy(true);
    void ordersApi.addRider(fields, catalogue.seller.addRiderFailed, attempt.current.key).then((result) => {
      setBusy(false);
      if (!result.ok) return onOutcome({ tone: 'error', text: failureText(result, catalogue.seller.addRiderFailed) });
      attempt.current = null;
      setFields(EMPTY);
      onAdded(result.data.rider);
      onOutcome({ tone: 'success', text: catalogue.seller.riderAdded });
    });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="add-rider-title">
      <h3 id="add-rider-title" className="add-rider__title">
        Add a rider
      </h3>
      <TextField label="Rider name" name="name" autoComplete="off" required maxLength={100} value={fields.name} onValueChange={set('name')} />
      <TextField label="Rider phone" name="phone" type="tel" inputMode="tel" autoComplete="off" required placeholder="e.g. 0712345678" value={fields.phone} onValueChange={set('phone')} />
      <TextField label="Motorbike plate" name="motorbikePlate" autoComplete="off" required maxLength={20} placeholder="e.g. KMDA 123A" value={fields.motorbikePlate} onValueChange={set('motorbikePlate')} />
      <SubmitButton busy={busy} busyLabel="Adding…">
        Add Rider
      </SubmitButton>
    </form>
  );
}
