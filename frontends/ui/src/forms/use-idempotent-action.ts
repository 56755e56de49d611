import { useRef, useState } from 'react';
import { idempotencyKeys } from '../api/idempotency-key.ts';
import type { ApiResult } from '../api/request-json.ts';

export interface IdempotentAction<T> {
  readonly busy: boolean;
  /** The one message to show: the first failing check, or the server's answer. */
  readonly error: string | null;
  setError(message: string | null): void;
  /**
   * Sends a state-changing request with an Idempotency-Key. `fingerprint` names the request
   * (its body): retrying the same one after a network error or a double tap reuses the key, so
   * the server acts at most once; any answer from the server ends the attempt.
   */
  run(fingerprint: string, send: (idempotencyKey: string) => Promise<ApiResult<T>>, handlers: { onSuccess(data: T): void; onFailure?(): void }): void;
}

export function useIdempotentAction<T>(fallbackMessage: string): IdempotentAction<T> {
  const keys = useRef(idempotencyKeys());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    setError,
    run(fingerprint, send, handlers) {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      const done = () => {
        inFlight.current = false;
        setBusy(false);
      };
      send(keys.current.keyFor(fingerprint))
        .then((result) => {
          done();
          // No answer (offline) or a server fault: the same request may be retried with the same key.
          if (result.ok || (result.status >= 400 && result.status < 500)) keys.current.settle(fingerprint);
          if (result.ok) handlers.onSuccess(result.data);
          else {
            setError(result.message);
            handlers.onFailure?.();
          }
        })
        .catch((failure: unknown) => {
          console.warn('The request failed', failure);
          done();
          setError(fallbackMessage);
          handlers.onFailure?.();
        });
    },
  };
}
