import { useEffect, useState } from 'react';
import { parseOrFirstError, requestResetCodeSchema, signInSchema, signUpSchema } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { Link } from '../../routing/link.tsx';
import type { PagesMessageId } from '../../i18n/pages-en.ts';
import { useLocalText } from '@escrow/ui/i18n/local-text';
import { usePagesReady, usePagesT } from '../../i18n/pages-catalog.ts';
import { navigate } from '../../routing/location-store.ts';
import { authApi } from './api/auth-api.ts';
import { GoogleSignInButton, googleSignInErrorMessage } from './google-sign-in.tsx';
import { useAccountCheck } from './use-account-check.ts';

type Mode = 'sign-in' | 'sign-up' | 'reset';

const TITLES: Record<Mode, { title: PagesMessageId; lead: PagesMessageId }> = {
  'sign-in': { title: 'pages.auth.signIn.title', lead: 'pages.auth.signIn.lead' },
  'sign-up': { title: 'pages.auth.signUp.title', lead: 'pages.auth.signUp.lead' },
  reset: { title: 'pages.auth.reset.title', lead: 'pages.auth.reset.lead' },
};

const DASHBOARD = '/seller/dashboard';

/**
 * /auth (spec section 2): sign in (default), create account, reset password. A visitor who is
 * already signed in goes straight to the dashboard. The email typed in one mode is kept when
 * switching to another.
 */
export default function AuthPage() {
  const t = usePagesT();
  const message = useLocalText();
  const ready = usePagesReady();
  const check = useAccountCheck();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [flash] = useState(takeFlash);
  // A Google sign-in that went wrong lands here as /auth?error=CODE (decision 0060).
  const [googleError] = useState(() => googleSignInErrorMessage(new URLSearchParams(window.location.search).get('error')));

  useEffect(() => {
    if (check?.kind === 'signed-in') navigate(DASHBOARD, { replace: true });
  }, [check]);
  useEffect(() => {
    // Read once: a reload or a shared address does not show it again.
    if (googleError) navigate('/auth', { replace: true });
  }, [googleError]);

  const signIn = useFormSubmit(
    (input) => parseOrFirstError(signInSchema, input),
    () => ({ email, password }),
    (body) => authApi.signIn(body, t('catalogue.auth.authenticationFailed')),
    () => {
      setFlash(t('catalogue.auth.signedIn'));
      navigate(DASHBOARD);
    },
  );
  const signUp = useFormSubmit(
    (input) => parseOrFirstError(signUpSchema, input),
    () => ({ email, password }),
    (body) => authApi.signUp(body, t('catalogue.auth.authenticationFailed')),
    () => {
      setFlash(t('catalogue.auth.accountCreated'));
      navigate('/seller/signup');
    },
  );
  const reset = useFormSubmit(
    (input) => parseOrFirstError(requestResetCodeSchema, input),
    () => ({ email }),
    (body) => authApi.requestResetCode(body, t('catalogue.auth.databaseError')),
    (_data, body) => {
      setFlash(t('catalogue.auth.resetCodeSent'));
      navigate(`/verify-reset-code?email=${encodeURIComponent(body.email)}`);
    },
  );

  if (!ready) return <LoadingState />;
  if (check === null || check.kind === 'signed-in') return <LoadingState label={t('pages.auth.checkingSession')} />;

  const form = mode === 'sign-in' ? signIn : mode === 'sign-up' ? signUp : reset;
  const { title, lead } = TITLES[mode];
  const switchTo = (next: Mode) => {
    setMode(next);
    setPassword('');
  };

  return (
    <section className="form-card" aria-labelledby="auth-title">
      <Link to="/" className="back-link">
        {t('pages.auth.backHome')}
      </Link>
      <h1 id="auth-title" className="form-card__title">
        {t(title)}
      </h1>
      <p className="form-card__lead">{t(lead)}</p>
      {flash && !form.error ? <FormAlert tone="success">{message(flash.text)}</FormAlert> : null}
      {googleError && !form.error ? <FormAlert tone="error">{message(googleError)}</FormAlert> : null}
      <form className="form" noValidate onSubmit={form.onSubmit} aria-describedby={form.error ? 'auth-error' : undefined}>
        {form.error ? (
          <div id="auth-error">
            <FormAlert tone="error">{message(form.error)}</FormAlert>
          </div>
        ) : null}
        <TextField label={t('pages.email')} name="email" type="email" autoComplete="email" inputMode="email" required value={email} onValueChange={setEmail} />
        {mode === 'reset' ? null : (
          <TextField
            label={t('pages.password')}
            name="password"
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            required
            minLength={6}
            value={password}
            onValueChange={setPassword}
            hint={mode === 'sign-up' ? t('pages.passwordHint') : undefined}
          />
        )}
        <SubmitButton busy={form.busy} busyLabel={mode === 'sign-in' ? t('pages.auth.signingIn') : mode === 'sign-up' ? t('pages.auth.creatingAccount') : t('pages.auth.sendingCode')}>
          {mode === 'sign-in' ? t('pages.auth.signInButton') : mode === 'sign-up' ? t('pages.auth.createAccount') : t('pages.auth.sendResetCode')}
        </SubmitButton>
      </form>
      <GoogleSignInButton hidden={mode === 'reset'} />
      <div className="form-links">
        {mode === 'sign-in' ? (
          <>
            <button type="button" className="text-link-button" onClick={() => switchTo('reset')}>
              {t('pages.auth.forgotPassword')}
            </button>
            <button type="button" className="text-link-button" onClick={() => switchTo('sign-up')}>
              {t('pages.auth.noAccount')}
            </button>
          </>
        ) : (
          <button type="button" className="text-link-button" onClick={() => switchTo('sign-in')}>
            {mode === 'sign-up' ? t('pages.auth.haveAccount') : t('pages.auth.backToSignIn')}
          </button>
        )}
      </div>
    </section>
  );
}
