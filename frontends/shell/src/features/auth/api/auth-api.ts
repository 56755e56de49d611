import { requestJson, type ApiResult } from '@escrow/api-client/request';
import type { SessionEndpoints } from '@escrow/api-client/contracts/session';
import { sessionChanged, type Account } from '@escrow/api-client/session';

export type AccountCheck = { kind: 'signed-in'; account: Account } | { kind: 'anonymous' } | { kind: 'failed' };

/** The /api/auth writes of the sign-in, sign-up and reset forms, typed by their contracts (checked in development). */
type AuthWrite = Extract<keyof SessionEndpoints, `POST /api/auth/${string}`>;
type PathOf<E extends AuthWrite> = E extends `POST ${infer P}` ? P : never;

const post = <E extends AuthWrite>(endpoint: E, body: unknown, fallbackMessage: string): Promise<ApiResult<SessionEndpoints[E]>> =>
  requestJson<SessionEndpoints[E]>('POST', endpoint.slice('POST '.length) as PathOf<E>, body, { fallbackMessage });

/** A sign-in, sign-up or password reset changes who this browser is: the page forgets what it read for the last one. */
async function changingSession<T>(answer: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await answer;
  if (result.ok) sessionChanged();
  return result;
}

export const authApi = {
  signIn: (body: { email: string; password: string }, fallback: string) => changingSession(post('POST /api/auth/sign-in', body, fallback)),
  signUp: (body: { email: string; password: string }, fallback: string) => changingSession(post('POST /api/auth/sign-up', body, fallback)),
  requestResetCode: (body: { email: string }, fallback: string) => post('POST /api/auth/send-password-reset-code', body, fallback),
  verifyResetCode: (body: { email: string; code: string }, fallback: string) => post('POST /api/auth/verify-reset-code', body, fallback),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string }, fallback: string) =>
    changingSession(post('POST /api/auth/reset-password', body, fallback)),
};
