import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { dataOf, failureOf } from '@escrow/api-client/query';
import type { ApiResult } from '@escrow/ui/api/request-json';
import { SELLER_KEY } from './use-seller-data.ts';

export type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; status: number };

/**
 * One read through the page's query cache, under `[...SELLER_KEY, name]` (again on `reload`,
 * from a clean slate). A failure keeps its HTTP status, so the page can redirect on 401/404 and
 * show a retry for anything else; it is also logged (spec: "fetch errors are only logged").
 * `replace` puts a newer answer in place (the server's answer to a save).
 */
export function useLoaded<T>(name: string, load: (signal: AbortSignal) => Promise<ApiResult<T>>): { state: Loaded<T>; reload(): void; replace(data: T): void } {
  const client = useQueryClient();
  const queryKey = useMemo(() => [...SELLER_KEY, name] as const, [name]);
  const query = useQuery({ queryKey, queryFn: ({ signal }) => dataOf(load(signal)) });
  const status = query.isError ? failureOf(query.error).status : null;

  useEffect(() => {
    if (status !== null && status !== 401 && status !== 404) console.warn('Loading failed', name, status);
  }, [status, name, query.errorUpdatedAt]);

  const reload = useCallback(() => void client.resetQueries({ queryKey, exact: true }), [client, queryKey]);
  const replace = useCallback((data: T) => client.setQueryData(queryKey, data), [client, queryKey]);
  const state: Loaded<T> = query.data !== undefined ? { kind: 'loaded', data: query.data } : status !== null ? { kind: 'failed', status } : { kind: 'loading' };
  return { state, reload, replace };
}
