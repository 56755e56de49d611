import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { parseOrFirstError, verifyResetCodeSchema } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { Link } from '../../routing/link.tsx';
import { navigate, useLocation } from '../../routing/location-store.ts';
import { authApi } from './api/auth-api.ts';

/** /verify-reset-code?email=...: the 6-digit code from the email; Verify waits for all 6 digits. */
export default function VerifyResetCodePage() {
  const { search } = useLocation();
  const email = new URLSearchParams(search).get('email') ?? '';
  const [code, setCode] = useState('');
  const [flash] = useState(takeFlash);

  const verify = useFormSubmit(
    (input) => parseOrFirstError(verifyResetCodeSchema, input),
    () => ({ email, code }),
    (body) => authApi.verifyResetCode(body, catalogue.auth.verificationFailed),
    (_data, body) => {
      setFlash(catalogue.auth.codeVerified);
      navigate(`/reset-password?email=${encodeURIComponent(body.email)}&code=${encodeURIComponent(body.code)}`);
    },
  );

  return (
    <section className="form-card" aria-labelledby="verify-title">
      <Link to="/auth" className="back-link">
        ← Back to Sign In
      </Link>
      <h1 id="verify-title" className="form-card__title">
        Enter your reset code
      </h1>
      {email ? (
        <p className="form-card__lead">
          We sent a 6-digit code to <strong>{email}</strong> if it belongs to an account. It works for 15 minutes.
        </p>
      ) : (
        <FormAlert tone="error">
          <p>
            This link is missing your email address. <Link to="/auth">Request a new code</Link>.
          </p>
        </FormAlert>
      )}
      {flash && !verify.error ? <FormAlert tone="success">{flash.text}</FormAlert> : null}
      <form className="form" noValidate onSubmit={verify.onSubmit}>
        {verify.error ? <FormAlert tone="error">{verify.error}</FormAlert> : null}
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
        />
        <SubmitButton busy={verify.busy} busyLabel="Verifying…" disabled={code.length !== 6 || !email}>
          Verify Code
        </SubmitButton>
      </form>
    </section>
  );
}
