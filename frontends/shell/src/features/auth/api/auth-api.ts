import { sessionChanged, type Account } from '@escrow/api-client/session';
import { requestJson, type ApiResult } from '@escrow/ui/api/request-json';

export type AccountCheck = { kind: 'signed-in'; account: Account } | { kind: 'anonymous' } | { kind: 'failed' };

const post = <T>(path: string, body: unknown, fallbackMessage: string): Promise<ApiResult<T>> => requestJson<T>('POST', path, body, { fallbackMessage });

/** A sign-in, sign-up or password reset changes who this browser is: the page forgets what it read for the last one. */
async function changingSession<T>(answer: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await answer;
  if (result.ok) sessionChanged();
  return result;
}

export const authApi = {
  signIn: (body: { email: string; password: string }, fallback: string) => changingSession(post<{ account: Account }>('/api/auth/sign-in', body, fallback)),
  signUp: (body: { email: string; password: string }, fallback: string) => changingSession(post<{ account: Account }>('/api/auth/sign-up', body, fallback)),
  requestResetCode: (body: { email: string }, fallback: string) => post<{ sent: true }>('/api/auth/send-password-reset-code', body, fallback),
  verifyResetCode: (body: { email: string; code: string }, fallback: string) => post<{ verified: true }>('/api/auth/verify-reset-code', body, fallback),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string }, fallback: string) =>
    changingSession(post<{ reset: true }>('/api/auth/reset-password', body, fallback)),
};
