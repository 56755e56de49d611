import { useEffect, useState } from 'react';
import type { ErrorCode } from '@escrow/core';
import { catalogue, messageFor, tooManyAttemptsMessage } from '@escrow/core/messages';
import type { SessionEndpoints } from '@escrow/api-client/contracts/session';
import { requestJson } from '@escrow/api-client/request';
import { usePagesT } from '../../i18n/pages-catalog.ts';

/** Where "Continue with Google" goes: a full page load, since the API answers with a redirect to Google. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/**
 * The text for `/auth?error=CODE`, where a Google sign-in that went wrong lands (decision 0060).
 * Only codes the API sends are shown, with the catalogue's text: nothing from the URL reaches
 * the page as text. Null when there is no error.
 */
export function googleSignInErrorMessage(code: string | null): string | null {
  if (code === null || code === '') return null;
  if (code.startsWith('OAUTH_')) return messageFor({ code: code as ErrorCode });
  if (code === 'RATE_LIMITED') return tooManyAttemptsMessage(15 * 60);
  if (code === 'SERVICE_UNAVAILABLE') return catalogue.errors.serviceUnavailable;
  return catalogue.accounts.googleFailed;
}

/** GET /api/auth/sign-in-options: whether the API offers Google; null while asking, false when the answer did not come. */
export function useGoogleSignIn(): boolean | null {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    requestJson<SessionEndpoints['GET /api/auth/sign-in-options']>('GET', '/api/auth/sign-in-options', undefined, { fallbackMessage: '', signal: controller.signal }).then(
      (result) => {
        // A malformed answer (not a boolean) hides the button too: `=== true`, not truthiness.
        if (!controller.signal.aborted) setOn(result.ok && result.data.google === true);
      },
      // Rejected only when aborted (the page went away): nothing to show then.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return on;
}

/**
 * "Continue with Google", shown only when the API has Google credentials (GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET). `hidden` (the reset form) keeps it mounted, so switching forms asks the API once.
 */
export function GoogleSignInButton({ hidden = false }: { hidden?: boolean }) {
  const t = usePagesT();
  const on = useGoogleSignIn();
  if (!on || hidden) return null;
  return (
    <a className="button button--secondary button--block" href={GOOGLE_SIGN_IN_PATH}>
      {t('pages.auth.google')}
    </a>
  );
}
