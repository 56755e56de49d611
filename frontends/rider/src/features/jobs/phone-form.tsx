import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useState } from 'react';
import { normalizeKenyanPhone } from '@escrow/core/rules';
import { readLastPhone } from '../../shared/rider-storage.ts';
import { say, useRiderT, type Said } from '../../i18n/use-rider-t.ts';

/** Riders have no account: the phone number the seller registered them with finds their jobs. */
export function PhoneForm({ onPhone, serverMessage }: { onPhone(phone: string): void; serverMessage: Said | null }) {
  const t = useRiderT();
  const [phone, setPhone] = useState(readLastPhone);
  // The page's own check (an id: shown in the page's language) or the server's words.
  const [problem, setProblem] = useState<Said | null>(serverMessage);
  const error = problem === null ? null : say(t, problem);
  return (
    <form
      className="form form-card"
      noValidate
      aria-labelledby="phone-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (phone.trim() === '') return setProblem({ id: 'catalogue.rider.enterPhoneNumber' });
        const normalized = normalizeKenyanPhone(phone);
        if (normalized === null) return setProblem({ id: 'catalogue.validation.phone.invalid' });
        setProblem(null);
        onPhone(normalized);
      }}
    >
      <h1 id="phone-title" className="form-card__title">
        {t('rider.phone.title')}
      </h1>
      <p className="form-card__lead">{t('rider.phone.lead')}</p>
      <TextField
        label={t('rider.phone.label')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        value={phone}
        onValueChange={setPhone}
        invalid={error !== null}
        hint={t('rider.phone.hint')}
      />
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <SubmitButton busy={false} busyLabel="">
        {t('rider.phone.submit')}
      </SubmitButton>
    </form>
  );
}
