import type { ApiResult } from '@escrow/ui/api/request-json';

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * A failed API answer as a thrown value, so TanStack Query keeps it as the query's `error`:
 * the status (401, 404, 503, 0 for no connection), the server's stable code and its message.
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly result: Failure;

  constructor(result: Failure) {
    super(result.message || `${result.status} ${result.code}`);
    this.name = 'ApiFailure';
    this.status = result.status;
    this.code = result.code;
    this.result = result;
  }
}

/** The data of an answer, or the failure thrown (a query function's body). */
export async function dataOf<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new ApiFailure(result);
  return result.data;
}

/** The failed answer behind a query's error; a thrown non-API error (a bug) reads as no connection. */
export function failureOf(error: unknown): Failure {
  if (error instanceof ApiFailure) return error.result;
  return { ok: false, status: 0, code: 'NETWORK', message: '' };
}
