import { catalogue, messageFor, UnstorableTextError, type DomainError, type ErrorCode, type Result } from '@escrow/core';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from './logger.js';

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
  CONTACT_NOT_FOUND: 404,
  FORBIDDEN: 403,
  // state machine: the request was fine, the order's current state does not allow it
  TRANSITION_NOT_ALLOWED: 409,
  PAYMENT_NOT_CONFIRMED: 409,
  PAYMENT_ALREADY_CONFIRMED: 409,
  MPESA_RECEIPT_ALREADY_USED: 409,
  PAYMENT_NOT_VERIFIED: 409,
  RIDER_NOT_ACCEPTED: 409,
  RIDER_ALREADY_ASSIGNED: 409,
  RIDER_NOT_IN_SELLER_LIST: 409,
  PICKUP_PHOTO_REQUIRED: 409,
  ALREADY_SETTLED: 409,
  REFUND_ALREADY_REQUESTED: 409,
  REFUND_ALREADY_RESOLVED: 409,
  CONTACT_ALREADY_RESOLVED: 409,
  FEEDBACK_ALREADY_SUBMITTED: 409,
  FEEDBACK_NOT_ALLOWED: 409,
  CONCURRENT_UPDATE: 409,
  DELIVERY_CODE_LOCKED: 423,
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
  // escrow requests (buyer code / rider phone missing; Idempotency-Key misuse)
  | 'DELIVERY_CODE_REQUIRED'
  | 'RIDER_PHONE_REQUIRED'
  | 'INVALID_IDEMPOTENCY_KEY'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_REQUEST_IN_PROGRESS';

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

/** The JSON text of answers made by `jsonAnswer`, for the idempotency store (the Response itself is sent as it is). */
const answerTexts = new WeakMap<Response, string>();

/**
 * `c.json`, remembering the text it sent: an idempotent request stores its answer's text, and
 * reading it back from the Response would turn it into a web stream and clone it (undici's
 * Response, tee; measurable per request, docs/decisions/0024).
 */
export function jsonAnswer(c: Context, value: unknown, status: ContentfulStatusCode): Response {
  const text = JSON.stringify(value);
  const response = c.body(text, status, { 'Content-Type': 'application/json' });
  answerTexts.set(response, text);
  return response;
}

/** The text `jsonAnswer` made `response` with, or undefined for any other Response. */
export const answerTextOf = (response: Response): string | undefined => answerTexts.get(response);

/** Answers a use case's Result: `{ data }` with `successStatus`, or `{ error }` with the mapped status. */
export function sendResult<T>(c: Context, result: Result<T>, successStatus: ContentfulStatusCode = 200): Response {
  if (result.ok) return jsonAnswer(c, { data: result.value }, successStatus);
  return jsonAnswer(c, errorBody(result.error), statusFor(result.error.code));
}

export function notFoundBody(): ErrorBody {
  return { error: { code: 'NOT_FOUND', message: 'Not found' } };
}

/**
 * `app.onError`: client errors raised as HTTPException (malformed JSON, bad form data) keep
 * their 4xx status; everything else is logged in full and answered with a bare 500 that
 * never carries a message, stack or detail from the error.
 */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
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
      logger.warn('Refused text no database column can hold (NUL or a lone surrogate)', { method: c.req.method, path: c.req.path });
      return c.json(errorBody({ code: 'VALIDATION_FAILED', message: catalogue.validation.common.invalidInput }), 400);
    }
    logger.error('Unhandled error while serving a request', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
    const body: ErrorBody = { error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE } };
    return c.json(body, 500);
  };
}
