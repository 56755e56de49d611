import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isServiceUnavailable } from '@escrow/ui/api/request-json';
import { getJson } from './admin-request.ts';
import { useAdminScreen } from './admin-context.ts';

interface Answer<T> {
  /** The request this answer belongs to (path, live version, retry). */
  readonly key: string;
  readonly data: T | null;
  /** The path `data` was read from: another one while a new page or filter loads. */
  readonly dataPath: string | null;
  readonly failed: boolean;
  readonly unavailable: boolean;
}

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
 * Reads `path` (a GET of /api/admin) and reads it again whenever the screen's live version goes
 * up, keeping what is shown in place meanwhile (no flashing spinner on every live change).
 * A 401/403 means the session or the role is gone: the screen's access check takes over.
 * Failures are logged, never shown raw (spec: fetch errors are only logged).
 */
export function useAdminQuery<T>(path: string): AdminQuery<T> {
  const { version, accessLost } = useAdminScreen();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ key: '', data: null, dataPath: null, failed: false, unavailable: false });
  const key = `${path}#${version}#${attempt}`;
  const onAccessLost = useEffectEvent(accessLost);

  useEffect(() => {
    const controller = new AbortController();
    getJson<T>(path, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok && (result.status === 401 || result.status === 403)) onAccessLost();
        if (!result.ok) console.warn('Loading failed', path, result.status, result.code);
        setAnswer((previous) => (result.ok ? { key, data: result.data, dataPath: path, failed: false, unavailable: false } : { ...previous, key, failed: true, unavailable: isServiceUnavailable(result) }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Loading failed', path, error);
        setAnswer((previous) => ({ ...previous, key, failed: true, unavailable: false }));
      });
    return () => controller.abort();
  }, [key, path]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = answer.key === key;
  return {
    data: answer.data,
    loading: answer.data === null && !(current && answer.failed),
    stale: answer.data !== null && answer.dataPath !== path,
    failed: current && answer.failed,
    unavailable: current && answer.failed && answer.unavailable,
    reload,
  };
}
