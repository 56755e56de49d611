import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from './contracts/session.ts';
import { requestJson, type ApiResult } from './request.ts';
import { escrowQueryClient } from './query-client.tsx';
import { dataOf, failureOf } from './query.ts';

export type { Account } from './contracts/session.ts';

/** The session query's key: sign-in, sign-out and a refused request mark it out of date. */
export const SESSION_KEY = ['session'] as const;

/**
 * GET /api/auth/session: the account, or null for a visitor (200 either way, so no failed
 * request is logged for a visitor). Shared by the shell and every remote: one read per page.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }) => dataOf(requestJson<{ account: Account | null }>('GET', '/api/auth/session', undefined, { fallbackMessage: '', signal })).then((data) => data.account),
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * After a sign-in, sign-up or sign-out: everything the page read belonged to the previous
 * caller, so the whole cache is dropped (a second account on the same browser never sees the
 * first one's orders, even for a moment) and the session is read again when next asked.
 */
export function sessionChanged(): void {
  escrowQueryClient().clear();
}

/** POST /api/auth/sign-out; on success the page forgets what it read (`sessionChanged`). */
export async function signOut(fallbackMessage: string): Promise<ApiResult<{ signedOut: true }>> {
  const result = await requestJson<{ signedOut: true }>('POST', '/api/auth/sign-out', undefined, { fallbackMessage });
  if (result.ok) sessionChanged();
  return result;
}

/**
 * The session as an answer (for loaders that chain reads): from the page's cache when it was
 * read in the last 30 s or is being read now, else read once for every caller.
 */
export async function readSession(): Promise<ApiResult<{ account: Account | null }>> {
  try {
    const account = await escrowQueryClient().fetchQuery(sessionQuery);
    return { ok: true, status: 200, data: { account } };
  } catch (error) {
    return failureOf(error);
  }
}

/** The account gained or lost something the session answer shows (a seller record was created): read it again when next asked. */
export function sessionOutdated(): Promise<void> {
  return escrowQueryClient().invalidateQueries({ queryKey: SESSION_KEY });
}
