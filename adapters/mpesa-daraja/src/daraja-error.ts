/**
 * - `rejected`: Daraja answered and said no (bad field, wrong credentials, duplicate...).
 * - `timeout`: no answer within the time limit; the request may still have been processed.
 * - `network`: the connection failed or a gateway answered without a Daraja body.
 * - `invalid_response`: an answer this client can not read; what happened is unknown.
 * - `throttled`: spike arrest or quota; the request was refused unprocessed, and may be sent again later.
 * - `unauthorized`: the OAuth credentials or the access token were refused.
 */
export type DarajaErrorKind = 'rejected' | 'timeout' | 'network' | 'invalid_response' | 'throttled' | 'unauthorized';

export interface DarajaErrorDetails {
  readonly kind: DarajaErrorKind;
  readonly httpStatus?: number;
  readonly errorCode?: string;
  readonly errorMessage?: string;
  readonly requestId?: string;
  /**
   * Whether sending the same request again is safe and may succeed. False after a timeout of
   * STK Push or Transaction Status: the first one may have gone through, so ask (STK Query,
   * Transaction Status) before sending another.
   */
  readonly retryable: boolean;
}

/** Every failure of a Daraja call; `message` is an English sentence fit for a log line. */
export class DarajaError extends Error implements DarajaErrorDetails {
  readonly kind: DarajaErrorKind;
  readonly httpStatus?: number;
  readonly errorCode?: string;
  readonly errorMessage?: string;
  readonly requestId?: string;
  readonly retryable: boolean;

  constructor(message: string, details: DarajaErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DarajaError';
    this.kind = details.kind;
    this.retryable = details.retryable;
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus;
    if (details.errorCode !== undefined) this.errorCode = details.errorCode;
    if (details.errorMessage !== undefined) this.errorMessage = details.errorMessage;
    if (details.requestId !== undefined) this.requestId = details.requestId;
  }
}

export function isDarajaError(error: unknown): error is DarajaError {
  return error instanceof DarajaError;
}
