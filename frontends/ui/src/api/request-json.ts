import { catalogue } from '@escrow/core/messages';
import type { Locale } from '@escrow/core/i18n';
import { currentLocale } from '../i18n/i18n.ts';
import { pageAnswer } from '../page/page-answers.ts';

/**
 * One way for every frontend to call the API: same-origin, JSON in and out, the session cookie
 * sent by the browser (never a token in script-readable storage). Errors come back as values
 * with the server's message when it gave one (spec section 8: "Where the server supplies an
 * error message, it is shown; otherwise the fallback").
 */
export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  /** `attemptsLeft`: for a wrong code, the tries left before it is spent (when the server says). */
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string; readonly attemptsLeft?: number };

/**
 * No answer at all, in each language: two sentences here rather than a catalog, so the buyer's
 * and rider's lean pages carry no chunk for them (they are chosen when the request fails, in the
 * page's language then).
 */
const NETWORK_ERROR_MESSAGES: Readonly<Record<Locale, string>> = {
  en: 'We could not reach the server. Please check your connection and try again.',
  sw: 'Hatukuweza kufikia seva. Tafadhali angalia mtandao wako kisha ujaribu tena.',
};

/** The English of a request that got no answer (tests of English pages compare against it). */
export const NETWORK_ERROR_MESSAGE = NETWORK_ERROR_MESSAGES.en;

/** What a request that got no answer says, in `locale` (the page's language unless told). */
export const networkErrorMessage = (locale: Locale = currentLocale()): string => NETWORK_ERROR_MESSAGES[locale];

/**
 * What every screen shows for a 503: the API's answer to an infrastructure failure (the
 * database or the disk, docs/decisions/0036), also when a proxy's 503 page carries no JSON.
 * Nothing was wrong with what the user did, and trying again is safe.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = catalogue.errors.serviceUnavailable;

/** A failure that is the server's, not the user's: say so, and that trying again is fine. */
export const isServiceUnavailable = (result: { readonly ok: boolean; readonly status: number }): boolean => !result.ok && result.status === 503;

interface RequestOptions {
  /** Shown when the server's answer carries no message (a proxy's 502 page, invalid JSON). */
  readonly fallbackMessage: string;
  readonly signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key on a POST that must not run twice. */
  readonly headers?: Readonly<Record<string, string>>;
}

function errorOf(body: unknown): { code?: string; message?: string; attemptsLeft?: number } {
  if (typeof body !== 'object' || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, attemptsLeft } = error as { code?: unknown; message?: unknown; attemptsLeft?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' && message ? { message } : {}),
    ...(typeof attemptsLeft === 'number' && Number.isInteger(attemptsLeft) && attemptsLeft >= 0 ? { attemptsLeft } : {}),
  };
}

interface EarlyGet {
  readonly headers: Readonly<Record<string, string>>;
  readonly response: Promise<Response>;
}

/**
 * A GET a lean page's early-read.js started before the page's script arrived (decision 0053):
 * taken once, by the first request for the same path with exactly the same headers.
 */
function takeEarlyGet(path: string, headers: Readonly<Record<string, string>>): Promise<Response> | undefined {
  const gets = (globalThis as { __escrowEarlyGets?: Record<string, EarlyGet | undefined> }).__escrowEarlyGets;
  const early = gets?.[path];
  if (!gets || !early) return undefined;
  delete gets[path];
  const names = Object.keys(headers);
  const same = names.length === Object.keys(early.headers).length && names.every((name) => early.headers[name] === headers[name]);
  return same ? early.response : undefined;
}

export async function requestJson<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, options: RequestOptions): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    const early = method === 'GET' ? takeEarlyGet(path, headers) : undefined;
    response = await (early ?? fetch(path, { method, headers, credentials: 'same-origin', cache: 'no-store', ...(payload !== undefined ? { body: payload } : {}), ...(options.signal ? { signal: options.signal } : {}) }));
    // An early read cannot be aborted by the caller's signal: drop its answer as fetch would.
    options.signal?.throwIfAborted();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, status: 0, code: 'NETWORK', message: networkErrorMessage() };
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  return resultOf<T>(response.status, parsed, options.fallbackMessage);
}

/** An answer's status and parsed JSON body as the caller's result. */
function resultOf<T>(status: number, parsed: unknown, fallbackMessage: string): ApiResult<T> {
  if (status >= 200 && status < 300) {
    const data = typeof parsed === 'object' && parsed !== null ? (parsed as { data?: unknown }).data : undefined;
    return { ok: true, status, data: data as T };
  }
  const error = errorOf(parsed);
  if (status === 503) return { ok: false, status: 503, code: error.code ?? 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE };
  return { ok: false, status, code: error.code ?? 'UNKNOWN', message: error.message ?? fallbackMessage, ...(error.attemptsLeft !== undefined ? { attemptsLeft: error.attemptsLeft } : {}) };
}

/**
 * The answer a server-rendered page came with for its first GET of `path` (@escrow/ui/page/page-answers),
 * as `requestJson` would have returned it; undefined without one.
 */
export function pageGet<T>(path: string, fallbackMessage: string): ApiResult<T> | undefined {
  const answer = pageAnswer(path);
  return answer === undefined ? undefined : resultOf<T>(answer.status, answer.body, fallbackMessage);
}
