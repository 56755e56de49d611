import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { ApiResult } from '@escrow/ui/api/request-json';
import type { SellerPageProps } from './seller-page-props.ts';

/** What a seller page's loader found: its data, a page to go to instead, or a failure. */
export type PageLoad<T> = { kind: 'data'; data: T } | { kind: 'redirect'; to: string } | { kind: 'failed'; status?: number };

/** `status`: the HTTP status of the failed read (503: the service is briefly unavailable), if there was one. */
export type PageState<T> = { kind: 'loading' } | { kind: 'failed'; status?: number } | { kind: 'loaded'; data: T };

/**
 * Where a failed seller request sends the visitor: no session (401) to /auth, no seller record
 * (404 SELLER_NOT_FOUND) to /seller/signup; anything else is a failure to show with a retry.
 */
export function redirectOrFailure(result: Extract<ApiResult<unknown>, { ok: false }>): PageLoad<never> {
  if (result.status === 401) return { kind: 'redirect', to: '/auth' };
  if (result.status === 404 && result.code === 'SELLER_NOT_FOUND') return { kind: 'redirect', to: '/seller/signup' };
  console.warn('Loading failed', result.status, result.message);
  return { kind: 'failed', status: result.status };
}

/** Every seller read is under this key (sign-out drops them all with the rest of the cache). */
export const SELLER_KEY = ['seller'] as const;

/**
 * A seller page's data through the page's query cache, under `[...SELLER_KEY, name]`: shown at
 * once when the seller comes back to the page (and read again behind it), read again on
 * `retry` from a clean slate. A redirect replaces the history entry, so Back never lands on a
 * page that redirects again, and is not kept (the next visit asks again); a failure shows the
 * retry screen. `update` changes the loaded data in place (e.g. after a live update).
 */
export function useSellerData<T>(name: string, load: (signal: AbortSignal) => Promise<PageLoad<T>>, navigate: SellerPageProps['navigate']) {
  const client = useQueryClient();
  const queryKey = useMemo(() => [...SELLER_KEY, name] as const, [name]);
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const loaded = query.data;

  useEffect(() => {
    if (loaded?.kind !== 'redirect') return;
    client.removeQueries({ queryKey, exact: true });
    navigate(loaded.to, { replace: true });
  }, [loaded, client, queryKey, navigate]);
  useEffect(() => {
    if (query.errorUpdatedAt > 0) console.warn('Loading failed', query.error);
  }, [query.errorUpdatedAt, query.error]);

  const retry = useCallback(() => void client.resetQueries({ queryKey, exact: true }), [client, queryKey]);
  const update = useCallback(
    (change: (data: T) => T) => client.setQueryData<PageLoad<T>>(queryKey, (current) => (current?.kind === 'data' ? { kind: 'data', data: change(current.data) } : current)),
    [client, queryKey],
  );
  return { state: pageState(loaded, query.isError), retry, update, queryKey };
}

function pageState<T>(loaded: PageLoad<T> | undefined, failed: boolean): PageState<T> {
  if (loaded?.kind === 'data') return { kind: 'loaded', data: loaded.data };
  if (loaded?.kind === 'failed') return { kind: 'failed', ...(loaded.status !== undefined ? { status: loaded.status } : {}) };
  // A loader that threw (a bug, not an answer): the retry screen.
  if (failed) return { kind: 'failed' };
  return { kind: 'loading' };
}
