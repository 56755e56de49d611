import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Loads a seller page once (and again on `retry`). A redirect replaces the history entry, so
 * Back never lands on a page that redirects again; a failure shows the retry screen.
 * `update` changes the loaded data in place (e.g. after a live update).
 */
export function useSellerData<T>(load: (signal: AbortSignal) => Promise<PageLoad<T>>, navigate: SellerPageProps['navigate']) {
  const [state, setState] = useState<PageState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loader
      .current(controller.signal)
      .then((loaded) => {
        if (controller.signal.aborted) return;
        if (loaded.kind === 'redirect') navigate(loaded.to, { replace: true });
        else setState(loaded.kind === 'data' ? { kind: 'loaded', data: loaded.data } : { kind: 'failed', ...(loaded.status !== undefined ? { status: loaded.status } : {}) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Loading failed', error);
        setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [attempt, navigate]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => setState((current) => (current.kind === 'loaded' ? { kind: 'loaded', data: change(current.data) } : current)), []);
  return { state, retry, update };
}
