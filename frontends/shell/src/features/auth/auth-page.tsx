import { useEffect, useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { parseOrFirstError, requestResetCodeSchema, signInSchema, signUpSchema } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { Link } from '../../routing/link.tsx';
import { navigate } from '../../routing/location-store.ts';
import { authApi } from './api/auth-api.ts';
import { GoogleSignInButton, googleSignInErrorMessage } from './google-sign-in.tsx';
import { useAccountCheck } from './use-account-check.ts';

type Mode = 'sign-in' | 'sign-up' | 'reset';

const TITLES: Record<Mode, { title: string; lead: string }> = {
  'sign-in': { title: 'Sign in', lead: 'Welcome back. Sign in to manage your orders and payouts.' },
  'sign-up': { title: 'Create your account', lead: 'Start selling with escrow protection. It takes a minute.' },
  reset: { title: 'Reset your password', lead: 'Enter your account email and we will send you a 6-digit code.' },
};

const DASHBOARD = '/seller/dashboard';

/**
 * /auth (spec section 2): sign in (default), create account, reset password. A visitor who is
 * already signed in goes straight to the dashboard. The email typed in one mode is kept when
 * switching to another.
 */
export default function AuthPage() {
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
    (body) => authApi.signIn(body, catalogue.auth.authenticationFailed),
    () => {
      setFlash(catalogue.auth.signedIn);
      navigate(DASHBOARD);
    },
  );
  const signUp = useFormSubmit(
    (input) => parseOrFirstError(signUpSchema, input),
    () => ({ email, password }),
    (body) => authApi.signUp(body, catalogue.auth.authenticationFailed),
    () => {
      setFlash(catalogue.auth.accountCreated);
      navigate('/seller/signup');
    },
  );
  const reset = useFormSubmit(
    (input) => parseOrFirstError(requestResetCodeSchema, input),
    () => ({ email }),
    (body) => authApi.requestResetCode(body, catalogue.auth.databaseError),
    (_data, body) => {
      setFlash(catalogue.auth.resetCodeSent);
      navigate(`/verify-reset-code?email=${encodeURIComponent(body.email)}`);
    },
  );

  if (check === null || check.kind === 'signed-in') return <LoadingState label="Checking your session…" />;

  const form = mode === 'sign-in' ? signIn : mode === 'sign-up' ? signUp : reset;
  const { title, lead } = TITLES[mode];
  const switchTo = (next: Mode) => {
    setMode(next);
    setPassword('');
  };

  return (
    <section className="form-card" aria-labelledby="auth-title">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <h1 id="auth-title" className="form-card__title">
        {title}
      </h1>
      <p className="form-card__lead">{lead}</p>
      {flash && !form.error ? <FormAlert tone="success">{flash.text}</FormAlert> : null}
      {googleError && !form.error ? <FormAlert tone="error">{googleError}</FormAlert> : null}
      <form className="form" noValidate onSubmit={form.onSubmit} aria-describedby={form.error ? 'auth-error' : undefined}>
        {form.error ? (
          <div id="auth-error">
            <FormAlert tone="error">{form.error}</FormAlert>
          </div>
        ) : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required value={email} onValueChange={setEmail} />
        {mode === 'reset' ? null : (
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            required
            minLength={6}
            value={password}
            onValueChange={setPassword}
            hint={mode === 'sign-up' ? 'At least 6 characters, with an uppercase letter, a number and a special character.' : undefined}
          />
        )}
        <SubmitButton busy={form.busy} busyLabel={mode === 'sign-in' ? 'Signing in…' : mode === 'sign-up' ? 'Creating account…' : 'Sending code…'}>
          {mode === 'sign-in' ? 'Sign In' : mode === 'sign-up' ? 'Create Account' : 'Send Reset Code'}
        </SubmitButton>
      </form>
      <GoogleSignInButton hidden={mode === 'reset'} />
      <div className="form-links">
        {mode === 'sign-in' ? (
          <>
            <button type="button" className="text-link-button" onClick={() => switchTo('reset')}>
              Forgot password?
            </button>
            <button type="button" className="text-link-button" onClick={() => switchTo('sign-up')}>
              Don&apos;t have an account? Sign up
            </button>
          </>
        ) : (
          <button type="button" className="text-link-button" onClick={() => switchTo('sign-in')}>
            {mode === 'sign-up' ? 'Already have an account? Sign in' : 'Back to Sign In'}
          </button>
        )}
      </div>
    </section>
  );
}
