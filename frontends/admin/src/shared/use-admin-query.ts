import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { dataOf, failureOf } from '@escrow/api-client/query';
import { requestJson } from '@escrow/api-client/request';
import { useAdminScreen } from './admin-context.ts';

/** Every admin read is under this key: a live change or the admin's own change marks them all out of date. */
export const ADMIN_KEY = ['admin'] as const;

export interface AdminQuery<T> {
  /** The last data read, possibly of the previous page or filter while the next one loads. */
  readonly data: T | null;
  /** Nothing to show yet. */
  readonly loading: boolean;
  /** `data` is of another page or filter than the one asked for (shown dimmed, aria-busy). */
  readonly stale: boolean;
  /** The last read failed: with no data, an error state; with data, a "not up to date" note. */
  readonly failed: boolean;
  /** That failure was a 503: the service is briefly unavailable (not the admin's connection). */
  readonly unavailable: boolean;
  reload(): void;
}

/**
 * Reads `path` (a GET of /api/admin) through the page's query cache, and again whenever the
 * admin queries are marked out of date (the live stream, the admin's own changes), keeping what
 * is shown in place meanwhile (no flashing spinner on every live change). A 401/403 means the
 * session or the role is gone: the screen's access check takes over. Failures are logged,
 * never shown raw (spec: fetch errors are only logged).
 */
export function useAdminQuery<T>(path: string): AdminQuery<T> {
  const { accessLost } = useAdminScreen();
  const query = useQuery({
    queryKey: [...ADMIN_KEY, path],
    // The api-client's request (same-origin JSON, errors as values, each answer checked against
    // its contract in development); a read has no fallback text: its failure is never shown raw.
    queryFn: ({ signal }) => dataOf(requestJson<T>('GET', path, undefined, { fallbackMessage: '', signal })),
    placeholderData: keepPreviousData,
  });
  const failure = query.error === null ? null : failureOf(query.error);
  const reportFailure = useEffectEvent(() => {
    if (failure === null) return;
    console.warn('Loading failed', path, failure.status, failure.code);
    if (failure.status === 401 || failure.status === 403) accessLost();
  });
  // Once per failed read (errorUpdatedAt is that read's time).
  useEffect(() => {
    if (query.errorUpdatedAt > 0) reportFailure();
  }, [query.errorUpdatedAt]);

  return {
    data: query.data ?? null,
    loading: query.data === undefined && !query.isError,
    stale: query.isPlaceholderData,
    failed: query.isError,
    unavailable: failure?.status === 503,
    reload: () => void query.refetch(),
  };
}
