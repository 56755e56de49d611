import { useState, type FormEvent } from 'react';
import type { ApiResult } from '../api/request-json.ts';

/** What `parseOrFirstError` of @escrow/core/validation answers (ui does not depend on core). */
export type ParseOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export interface FormSubmit {
  readonly busy: boolean;
  /** The one message to show: the first failing rule, or the server's answer. */
  readonly error: string | null;
  /** Replaces the message (e.g. a follow-up step failed after the request succeeded). */
  setError(message: string | null): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * Validates a form with the core's shared schema (`parse` is `parseOrFirstError` of it; the
 * server checks the same schema), shows the first failing message, and otherwise sends it.
 * Typed input is never cleared here: on a server error the fields keep what the user typed.
 */
export function useFormSubmit<P, T>(
  parse: (input: unknown) => ParseOutcome<P>,
  values: () => unknown,
  send: (parsed: P) => Promise<ApiResult<T>>,
  onSuccess: (data: T, parsed: P) => void,
  fallbackMessage = 'Something went wrong. Please try again.',
): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    setError,
    onSubmit(event) {
      event.preventDefault();
      if (busy) return;
      const parsed = parse(values());
      if (!parsed.ok) {
        setError(parsed.message);
        return;
      }
      setError(null);
      setBusy(true);
      send(parsed.value)
        .then((result) => {
          setBusy(false);
          if (result.ok) onSuccess(result.data, parsed.value);
          else setError(result.message);
        })
        .catch((failure: unknown) => {
          console.warn('The request failed', failure);
          setBusy(false);
          setError(fallbackMessage);
        });
    },
  };
}
