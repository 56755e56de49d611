import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '@escrow/ui/api/request-json';

export type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; status: number };

/**
 * Loads once on mount (and again on `reload`). A failure keeps its HTTP status, so the page
 * can redirect on 401/404 and show a retry for anything else; it is also logged (spec:
 * "fetch errors are only logged").
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<ApiResult<T>>): { state: Loaded<T>; reload(): void; replace(data: T): void } {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok && result.status !== 401 && result.status !== 404) console.warn('Loading failed', result.status, result.message);
        setState(result.ok ? { kind: 'loaded', data: result.data } : { kind: 'failed', status: result.status });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Loading failed', error);
        setState({ kind: 'failed', status: 0 });
      });
    return () => controller.abort();
    // `load` is a module-level function of the page; reloading is driven by `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((data: T) => setState({ kind: 'loaded', data }), []);
  return { state, reload, replace };
}
