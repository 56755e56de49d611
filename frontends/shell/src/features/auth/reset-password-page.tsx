import { useState } from 'react';
import { isSixDigitCode } from '@escrow/core/rules';
import { parseOrFirstError, resetPasswordSchema } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { Text } from '@escrow/ui/i18n/react';
import { Link } from '../../routing/link.tsx';
import { useLocalText } from '@escrow/ui/i18n/local-text';
import { usePagesReady, usePagesT, type PagesText } from '../../i18n/pages-catalog.ts';
import { navigate, useLocation } from '../../routing/location-store.ts';
import { authApi } from './api/auth-api.ts';

/** /reset-password?email=...&code=...: a new password, twice; then back to /auth to sign in. */
export default function ResetPasswordPage() {
  const t = usePagesT();
  const message = useLocalText();
  const ready = usePagesReady();
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
    (body) => authApi.resetPassword(body, t('catalogue.auth.resetPasswordFailed')),
    () => {
      setFlash(t('catalogue.auth.passwordReset'));
      navigate('/auth');
    },
  );
  const linkBroken = !email || !isSixDigitCode(code.trim());

  if (!ready) return <LoadingState />;
  return (
    <section className="form-card" aria-labelledby="reset-title">
      <Link to="/auth" className="back-link">
        {t('pages.backToSignIn')}
      </Link>
      <h1 id="reset-title" className="form-card__title">
        {t('pages.newPassword.title')}
      </h1>
      {linkBroken ? (
        <FormAlert tone="error">
          <p>
            {t('catalogue.auth.invalidOrExpiredCode')}. <Link to="/auth">{t('pages.requestNewCode')}</Link>.
          </p>
        </FormAlert>
      ) : (
        <p className="form-card__lead">
          <Text<PagesText> id="pages.newPassword.for" values={{ email }} components={{ 0: <strong /> }} />
        </p>
      )}
      {flash && !reset.error ? <FormAlert tone="success">{message(flash.text)}</FormAlert> : null}
      <form className="form" noValidate onSubmit={reset.onSubmit}>
        {reset.error ? <FormAlert tone="error">{message(reset.error)}</FormAlert> : null}
        <TextField
          label={t('pages.newPassword.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={password}
          onValueChange={setPassword}
          hint={t('pages.passwordHint')}
        />
        <TextField label={t('pages.newPassword.confirm')} name="confirmPassword" type="password" autoComplete="new-password" required minLength={6} value={confirmPassword} onValueChange={setConfirmPassword} />
        <SubmitButton busy={reset.busy} busyLabel={t('pages.newPassword.resetting')} disabled={linkBroken}>
          {t('pages.newPassword.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
