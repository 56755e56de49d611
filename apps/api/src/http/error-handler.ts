import { catalogue, messageFor, UnstorableTextError, viewTexts, type DomainError, type ErrorCode, type IdempotentAnswer, type Result } from '@escrow/core';
import { infrastructureFailure } from '@escrow/db-kysely';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from './logger.js';
import { requestLoggerOf } from './request-log.js';

/**
 * The one place where coded errors become HTTP answers. A Record over ErrorCode: a code
 * added to core without a status here fails the typecheck.
 */
const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  // input
  VALIDATION_FAILED: 400,
  INVALID_AMOUNT: 400,
  INVALID_PHONE: 400,
  INVALID_DELIVERY_CODE_FORMAT: 400,
  INVALID_STATUS: 400,
  DELIVERY_COST_EXCEEDS_PROCEEDS: 400,
  TERMS_NOT_ACCEPTED: 400,
  WRONG_DELIVERY_CODE: 400,
  // existence; denials that must not reveal an order exist are coded as not found by core
  ORDER_NOT_FOUND: 404,
  BUYER_ORDER_NOT_FOUND: 404,
  RIDER_ORDER_NOT_FOUND: 404,
  SELLER_NOT_FOUND: 404,
  RIDER_NOT_FOUND: 404,
  REFUND_NOT_FOUND: 404,
  PAYOUT_NOT_FOUND: 404,
  CONTACT_NOT_FOUND: 404,
  FORBIDDEN: 403,
  // state machine: the request was fine, the order's current state does not allow it
  TRANSITION_NOT_ALLOWED: 409,
  PAYMENT_NOT_CONFIRMED: 409,
  PAYMENT_ALREADY_CONFIRMED: 409,
  MPESA_RECEIPT_ALREADY_USED: 409,
  PAYMENT_NOT_VERIFIED: 409,
  MPESA_NOT_CONFIGURED: 409,
  PAYMENT_UNVERIFIED: 409,
  RIDER_NOT_ACCEPTED: 409,
  RIDER_ALREADY_ASSIGNED: 409,
  RIDER_NOT_IN_SELLER_LIST: 409,
  PICKUP_PHOTO_REQUIRED: 409,
  ALREADY_SETTLED: 409,
  PAYOUT_NOT_RETRYABLE: 409,
  PAYOUTS_NOT_CONFIGURED: 409,
  REFUND_ALREADY_REQUESTED: 409,
  REFUND_ALREADY_RESOLVED: 409,
  REFERENCE_ALREADY_USED: 409,
  REFERENCE_IS_A_PAYMENT: 409,
  CONTACT_ALREADY_RESOLVED: 409,
  FEEDBACK_ALREADY_SUBMITTED: 409,
  FEEDBACK_NOT_ALLOWED: 409,
  CONCURRENT_UPDATE: 409,
  DELIVERY_CODE_LOCKED: 423,
  UNLOCK_LIMIT_REACHED: 409,
  CODE_RENEWAL_LIMIT_REACHED: 409,
  DELIVERY_CODE_NEEDED: 403,
  // accounts
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_ALREADY_REGISTERED: 409,
  CURRENT_PASSWORD_INCORRECT: 400,
  INVALID_RESET_CODE: 400,
  RESET_CODE_EXPIRED: 400,
  RESET_CODE_LOCKED: 400,
  SELLER_ALREADY_EXISTS: 409,
  ACCOUNT_NOT_FOUND: 404,
  PASSWORD_NOT_SET: 400,
  // Google sign-in ends in a redirect to /auth?error=CODE; these statuses serve any JSON use
  OAUTH_STATE_INVALID: 400,
  OAUTH_CANCELLED: 400,
  // Google down or slow: not our outage (a 503 would read as ours), and the sign-in ends on /auth anyway.
  OAUTH_PROVIDER_UNAVAILABLE: 424,
  OAUTH_SIGN_IN_FAILED: 400,
  OAUTH_EMAIL_NOT_VERIFIED: 403,
  OAUTH_ADMIN_NOT_ALLOWED: 403,
  OAUTH_LINKED_TO_ANOTHER: 409,
  // riders proving their phone
  RIDER_PHONE_NOT_VERIFIED: 401,
  INVALID_RIDER_CODE: 400,
  RIDER_CODE_EXPIRED: 400,
  RIDER_CODE_LOCKED: 400,
};

export function statusFor(code: ErrorCode): ContentfulStatusCode {
  return STATUS_BY_CODE[code];
}

/** Codes the HTTP layer adds to the domain's own: routing, parsing, limits and server failures. */
export type HttpErrorCode =
  | ErrorCode
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE'
  // escrow requests (buyer code / rider phone missing; Idempotency-Key misuse)
  | 'DELIVERY_CODE_REQUIRED'
  | 'RIDER_PHONE_REQUIRED'
  | 'INVALID_IDEMPOTENCY_KEY'
  | 'IDEMPOTENCY_KEY_REUSED';

// HTTPExceptions thrown by Hono middleware (validator, body limit, a future rate limiter).
const CODE_BY_CLIENT_STATUS: Partial<Record<number, HttpErrorCode>> = {
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

export interface ErrorBody {
  error: { code: HttpErrorCode; message: string; attemptsLeft?: number };
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';
/** The answer to an infrastructure failure (the database or the disk), shown as it is by the screens. */
export const SERVICE_UNAVAILABLE_MESSAGE = catalogue.errors.serviceUnavailable;
/** Seconds a client should wait before retrying a 503: a dropped connection is replaced at once, a restarting database takes a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** The JSON error of a domain error: the catalogue's user-facing text, never `detail`. */
export function errorBody(error: DomainError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: messageFor(error),
      ...(error.attemptsLeft === undefined ? {} : { attemptsLeft: error.attemptsLeft }),
    },
  };
}

/** A use case's Result as an answer: `{ data }` with `successStatus`, or `{ error }` with the mapped status. Pure: keyed requests store it (idempotency.ts). */
export function answerOf<T>(result: Result<T>, successStatus: ContentfulStatusCode = 200): IdempotentAnswer {
  if (result.ok) return { status: successStatus, body: JSON.stringify({ data: result.value }) };
  return { status: statusFor(result.error.code), body: JSON.stringify(errorBody(result.error)) };
}

/** Sends an answer made by `answerOf` (or stored from one) as JSON. */
export function sendAnswer(c: Context, answer: IdempotentAnswer): Response {
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'Content-Type': 'application/json' });
}

/** Answers a use case's Result: `{ data }` with `successStatus`, or `{ error }` with the mapped status. */
export function sendResult<T>(c: Context, result: Result<T>, successStatus: ContentfulStatusCode = 200): Response {
  return sendAnswer(c, answerOf(result, successStatus));
}

export function notFoundBody(): ErrorBody {
  return { error: { code: 'NOT_FOUND', message: viewTexts.refusals.notFound } };
}

/**
 * `app.onError`: client errors raised as HTTPException (malformed JSON, bad form data) keep
 * their 4xx status; an infrastructure failure (the database unreachable, a connection lost,
 * a full or read-only disk: `infrastructureFailure` of @escrow/db-kysely) is 503 with
 * `Retry-After` and a message the screens show, logged with its real cause; everything else
 * is logged in full and answered with a bare 500. Neither carries a message, stack or detail
 * from the error. A 5xx answer is never stored for an Idempotency-Key: a retry runs again.
 */
/**
 * Routes under /api that a browser opens as a page (Google's sign-in start and callback, decision
 * 0060): a failure there ends on a page with the error's code, never on a JSON body. Their own
 * handlers do so; this covers what fails before them, such as the session lookup of a stale
 * cookie while the database is down.
 */
const PAGE_NAVIGATIONS: readonly { readonly prefix: string; readonly page: string }[] = [{ prefix: '/api/auth/google', page: '/auth' }];

function landingPage(c: Context): string | undefined {
  if (c.req.method !== 'GET') return undefined;
  const path = c.req.path;
  return PAGE_NAVIGATIONS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.page;
}

/** The path as logged: the secret segment of the M-Pesa and SMS callback paths replaced by its name. */
const loggedPath = (path: string): string => path.replace(/\/callbacks\/[^/]+/, '/callbacks/:secret');

export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    const landing = landingPage(c);
    // The request's logger: its lines carry the request id; the path keeps no callback secret.
    const log = requestLoggerOf(c, logger);
    const path = loggedPath(c.req.path);
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      const body: ErrorBody = {
        error: { code: CODE_BY_CLIENT_STATUS[status] ?? 'BAD_REQUEST', message: error.message || 'Bad request' },
      };
      return c.json(body, status);
    }
    if (error instanceof UnstorableTextError) {
      // Text no column can hold reached the store: every field refuses it with its own message
      // first, so this is a path that missed it. The request was bad, not the server.
      log.warn('Refused text no database column can hold (NUL or a lone surrogate)', { method: c.req.method, path });
      return c.json(errorBody({ code: 'VALIDATION_FAILED', message: catalogue.validation.common.invalidInput }), 400);
    }
    const failure = infrastructureFailure(error);
    if (failure) {
      log.error(`Service unavailable: ${failure.part} ${failure.reason} (${failure.cause})`, {
        method: c.req.method,
        path,
        part: failure.part,
        reason: failure.reason,
        cause: failure.cause,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      c.header('Cache-Control', 'no-store');
      if (landing) return c.redirect(`${landing}?error=SERVICE_UNAVAILABLE`, 302);
      const body: ErrorBody = { error: { code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE } };
      return c.json(body, 503);
    }
    log.error('Unhandled error while serving a request', {
      method: c.req.method,
      path,
      // The error whole (name, message, code, stack and its cause), scrubbed by the logger.
      error: error instanceof Error ? error : String(error),
    });
    if (landing) {
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${landing}?error=INTERNAL`, 302);
    }
    const body: ErrorBody = { error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE } };
    return c.json(body, 500);
  };
}
