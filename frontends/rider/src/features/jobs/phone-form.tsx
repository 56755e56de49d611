import { catalogue } from '@escrow/core/messages';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useState } from 'react';
import { normalizeKenyanPhone } from '@escrow/core/rules';
import { readLastPhone } from '../../shared/rider-storage.ts';

/** Riders have no account: the phone number the seller registered them with finds their jobs. */
export function PhoneForm({ onPhone, serverMessage }: { onPhone(phone: string): void; serverMessage: string | null }) {
  const [phone, setPhone] = useState(readLastPhone);
  const [error, setError] = useState<string | null>(serverMessage);
  return (
    <form
      className="form form-card"
      noValidate
      aria-labelledby="phone-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (phone.trim() === '') return setError(catalogue.rider.enterPhoneNumber);
        const normalized = normalizeKenyanPhone(phone);
        if (normalized === null) return setError(catalogue.validation.phone.invalid);
        setError(null);
        onPhone(normalized);
      }}
    >
      <h1 id="phone-title" className="form-card__title">
        Rider jobs
      </h1>
      <p className="form-card__lead">Enter the phone number the seller added you with. We send a code by SMS to that phone to confirm it is yours, then show available jobs and your jobs.</p>
      <TextField label="Phone number" name="phone" type="tel" inputMode="tel" autoComplete="tel" required value={phone} onValueChange={setPhone} invalid={error !== null} hint="For example 0712345678" />
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <SubmitButton busy={false} busyLabel="">
        View Jobs
      </SubmitButton>
    </form>
  );
}
