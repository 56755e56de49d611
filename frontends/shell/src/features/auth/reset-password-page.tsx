import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { isSixDigitCode } from '@escrow/core/rules';
import { parseOrFirstError, resetPasswordSchema } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { Link } from '../../routing/link.tsx';
import { navigate, useLocation } from '../../routing/location-store.ts';
import { authApi } from './api/auth-api.ts';

/** /reset-password?email=...&code=...: a new password, twice; then back to /auth to sign in. */
export default function ResetPasswordPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [flash] = useState(takeFlash);

  const reset = useFormSubmit(
    (input) => parseOrFirstError(resetPasswordSchema, input),
    () => ({ email, code, password, confirmPassword }),
    (body) => authApi.resetPassword(body, catalogue.auth.resetPasswordFailed),
    () => {
      setFlash(catalogue.auth.passwordReset);
      navigate('/auth');
    },
  );
  const linkBroken = !email || !isSixDigitCode(code.trim());

  return (
    <section className="form-card" aria-labelledby="reset-title">
      <Link to="/auth" className="back-link">
        ← Back to Sign In
      </Link>
      <h1 id="reset-title" className="form-card__title">
        Set a new password
      </h1>
      {linkBroken ? (
        <FormAlert tone="error">
          <p>
            {catalogue.auth.invalidOrExpiredCode}. <Link to="/auth">Request a new code</Link>.
          </p>
        </FormAlert>
      ) : (
        <p className="form-card__lead">
          For <strong>{email}</strong>. Every device signed in to this account will be signed out.
        </p>
      )}
      {flash && !reset.error ? <FormAlert tone="success">{flash.text}</FormAlert> : null}
      <form className="form" noValidate onSubmit={reset.onSubmit}>
        {reset.error ? <FormAlert tone="error">{reset.error}</FormAlert> : null}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={password}
          onValueChange={setPassword}
          hint="At least 6 characters, with an uppercase letter, a number and a special character."
        />
        <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required minLength={6} value={confirmPassword} onValueChange={setConfirmPassword} />
        <SubmitButton busy={reset.busy} busyLabel="Resetting…" disabled={linkBroken}>
          Reset Password
        </SubmitButton>
      </form>
    </section>
  );
}
