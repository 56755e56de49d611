import { z } from 'zod';
import { DarajaError } from './daraja-error.js';
import { describeDarajaError, errorCodeFacts } from './error-codes.js';
import { backoffDelayMs, MAX_RETRIES, shouldRetry } from './retry-policy.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly fetch: FetchLike;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

export interface DarajaRequest {
  /** For messages: 'OAuth', 'STK Push'... */
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly authorization: string;
  readonly body?: unknown;
  /** Safe to send twice: retried after a timeout or a network failure. */
  readonly idempotent: boolean;
}

// Daraja's error body; read loosely because gateways in front of it answer with HTML or nothing.
const errorBodySchema = z.object({
  requestId: z.string().optional(),
  errorCode: z.union([z.string(), z.number().transform(String)]).optional(),
  errorMessage: z.string().optional(),
});

function readJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function transportFailure(request: DarajaRequest, timeoutMs: number, error: unknown): DarajaError {
  // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error subclass).
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    const unknownOutcome = request.idempotent ? '' : '; it may still have been processed, so check its outcome before sending it again';
    return new DarajaError(`${request.operation}: Daraja did not answer within ${timeoutMs} ms${unknownOutcome}`, { kind: 'timeout', retryable: request.idempotent }, { cause: error });
  }
  // fetch says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a TLS error...).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const causeCode = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const reason = [error instanceof Error ? error.message : String(error), causeCode ?? cause?.message].filter(Boolean).join(': ');
  return new DarajaError(`${request.operation}: could not reach Daraja (${reason})`, { kind: 'network', retryable: request.idempotent }, { cause: error });
}

function failureReply(request: DarajaRequest, status: number, json: unknown): DarajaError {
  const body = errorBodySchema.safeParse(json);
  const { requestId, errorCode, errorMessage } = body.success ? body.data : {};
  const known = errorCodeFacts(errorCode, errorMessage);
  const details = { httpStatus: status, ...(errorCode ? { errorCode } : {}), ...(errorMessage ? { errorMessage } : {}), ...(requestId ? { requestId } : {}) };
  const context = [`HTTP ${status}`, errorCode, errorMessage && `"${errorMessage}"`, requestId && `request ${requestId}`].filter(Boolean).join(', ');
  const say = (sentence: string) => `${request.operation}: ${sentence} (${context})`;

  if (known) return new DarajaError(say(known.description), { ...details, kind: known.kind, retryable: known.retryable });
  if (status === 401) return new DarajaError(say('Daraja refused the credentials or the access token.'), { ...details, kind: 'unauthorized', retryable: true });
  if (status === 429) return new DarajaError(say('Daraja asked to slow down.'), { ...details, kind: 'throttled', retryable: true });
  if (!errorCode && status >= 500) {
    // A 5xx without Daraja's error body came from a proxy or gateway in front of it: as good as
    // a broken connection, including not knowing whether the request got through.
    return new DarajaError(say('a gateway in front of Daraja failed.'), { ...details, kind: 'network', retryable: request.idempotent });
  }
  const sentence = errorCode ? describeDarajaError(errorCode, errorMessage) : 'Daraja refused the request.';
  return new DarajaError(say(sentence), { ...details, kind: 'rejected', retryable: false });
}

async function sendOnce(transport: Transport, request: DarajaRequest): Promise<unknown> {
  let status: number;
  let text: string;
  try {
    const response = await transport.fetch(`${transport.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        Authorization: request.authorization,
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      // One limit for the whole exchange, body included: a server that sends headers and then
      // stalls is as stuck as one that never answers.
      signal: AbortSignal.timeout(transport.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw transportFailure(request, transport.timeoutMs, error);
  }
  const json = readJson(text);
  if (status < 200 || status > 299) throw failureReply(request, status, json);
  if (json === undefined) {
    throw new DarajaError(`${request.operation}: Daraja answered HTTP ${status} with a body that is not JSON`, { kind: 'invalid_response', httpStatus: status, retryable: request.idempotent });
  }
  return json;
}

/** Sends one request, retrying per the retry policy; resolves with the JSON of a 2xx reply. */
export async function sendDarajaRequest(transport: Transport, request: DarajaRequest): Promise<unknown> {
  for (let retry = 0; ; retry++) {
    try {
      return await sendOnce(transport, request);
    } catch (error) {
      if (!(error instanceof DarajaError) || retry >= MAX_RETRIES || !shouldRetry(error, request.idempotent)) throw error;
      await transport.sleep(backoffDelayMs(retry, transport.random));
    }
  }
}
