import { useState } from 'react';
import { parseOrFirstError, verifyResetCodeSchema } from '@escrow/core/validation';
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

/** /verify-reset-code?email=...: the 6-digit code from the email; Verify waits for all 6 digits. */
export default function VerifyResetCodePage() {
  const t = usePagesT();
  const message = useLocalText();
  const ready = usePagesReady();
  const { search } = useLocation();
  const email = new URLSearchParams(search).get('email') ?? '';
  const [code, setCode] = useState('');
  const [flash] = useState(takeFlash);

  const verify = useFormSubmit(
    (input) => parseOrFirstError(verifyResetCodeSchema, input),
    () => ({ email, code }),
    (body) => authApi.verifyResetCode(body, t('catalogue.auth.verificationFailed')),
    (_data, body) => {
      setFlash(t('catalogue.auth.codeVerified'));
      navigate(`/reset-password?email=${encodeURIComponent(body.email)}&code=${encodeURIComponent(body.code)}`);
    },
  );

  if (!ready) return <LoadingState />;
  return (
    <section className="form-card" aria-labelledby="verify-title">
      <Link to="/auth" className="back-link">
        {t('pages.backToSignIn')}
      </Link>
      <h1 id="verify-title" className="form-card__title">
        {t('pages.verify.title')}
      </h1>
      {email ? (
        <p className="form-card__lead">
          <Text<PagesText> id="pages.verify.sentTo" values={{ email }} components={{ 0: <strong /> }} />
        </p>
      ) : (
        <FormAlert tone="error">
          <p>
            {t('pages.verify.noEmail')} <Link to="/auth">{t('pages.requestNewCode')}</Link>.
          </p>
        </FormAlert>
      )}
      {flash && !verify.error ? <FormAlert tone="success">{message(flash.text)}</FormAlert> : null}
      <form className="form" noValidate onSubmit={verify.onSubmit}>
        {verify.error ? <FormAlert tone="error">{message(verify.error)}</FormAlert> : null}
        <TextField
          label={t('pages.verify.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
        />
        <SubmitButton busy={verify.busy} busyLabel={t('pages.verify.verifying')} disabled={code.length !== 6 || !email}>
          {t('pages.verify.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
