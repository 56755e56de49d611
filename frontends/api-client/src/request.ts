import { pageGet as pageAnswer, requestJson as requestAnswer, type ApiResult } from '@escrow/ui/api/request-json';

export { isServiceUnavailable, NETWORK_ERROR_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE, type ApiResult } from '@escrow/ui/api/request-json';

/**
 * In development, an answer is checked against its route's contract (check-answer.ts), after the
 * caller has it: a mismatch is a console error naming the path and the first difference. The
 * check and its schemas are loaded by dynamic import behind `import.meta.env.DEV`, which a
 * production build replaces with false, so they (and zod) never reach a production bundle.
 */
function checkInDevelopment(method: string, path: string, result: ApiResult<unknown> | undefined): void {
  if (import.meta.env.DEV && result?.ok) {
    import('./check-answer.ts').then(
      ({ checkAnswer }) => checkAnswer(method, path, result.data),
      (error: unknown) => console.warn('[api-client] the answer check did not load', error),
    );
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type RequestOptions = Parameters<typeof requestAnswer>[3];

/** @escrow/ui's requestJson (same-origin JSON, errors as values), its answers checked in development. */
export async function requestJson<T>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<ApiResult<T>> {
  const result = await requestAnswer<T>(method, path, body, options);
  checkInDevelopment(method, path, result);
  return result;
}

/** The answer a server-rendered page came with for its first GET of `path` (decision 0059), checked in development. */
export function pageGet<T>(path: string, fallbackMessage: string): ApiResult<T> | undefined {
  const result = pageAnswer<T>(path, fallbackMessage);
  checkInDevelopment('GET', path, result);
  return result;
}
