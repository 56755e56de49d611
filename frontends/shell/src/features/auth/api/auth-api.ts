import { requestJson, type ApiResult } from '@escrow/ui/api/request-json';

/** The signed-in caller as GET /api/me describes it. */
export interface Account {
  readonly userId: string;
  readonly email: string;
  readonly roles: readonly string[];
  readonly isAdmin: boolean;
  readonly sellerId: string | null;
}

export type AccountCheck = { kind: 'signed-in'; account: Account } | { kind: 'anonymous' } | { kind: 'failed' };

/** GET /api/auth/session: 200 with the account or null (no failed request logged for visitors). */
export async function fetchAccount(signal?: AbortSignal): Promise<AccountCheck> {
  const result = await requestJson<{ account: Account | null }>('GET', '/api/auth/session', undefined, { fallbackMessage: '', ...(signal ? { signal } : {}) });
  if (!result.ok) return { kind: 'failed' };
  return result.data.account ? { kind: 'signed-in', account: result.data.account } : { kind: 'anonymous' };
}

const post = <T>(path: string, body: unknown, fallbackMessage: string): Promise<ApiResult<T>> => requestJson<T>('POST', path, body, { fallbackMessage });

export const authApi = {
  signIn: (body: { email: string; password: string }, fallback: string) => post<{ account: Account }>('/api/auth/sign-in', body, fallback),
  signUp: (body: { email: string; password: string }, fallback: string) => post<{ account: Account }>('/api/auth/sign-up', body, fallback),
  requestResetCode: (body: { email: string }, fallback: string) => post<{ sent: true }>('/api/auth/send-password-reset-code', body, fallback),
  verifyResetCode: (body: { email: string; code: string }, fallback: string) => post<{ verified: true }>('/api/auth/verify-reset-code', body, fallback),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string }, fallback: string) =>
    post<{ reset: true }>('/api/auth/reset-password', body, fallback),
};
