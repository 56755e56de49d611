import { DarajaError } from './daraja-error.js';
import { DarajaInputError } from './daraja-input-error.js';
import { DUPLICATE_ORIGINATOR_CONVERSATION_ID } from './error-codes.js';

/**
 * What became of a money-moving request (B2C, B2B, Reversal). Never thrown: each is a value the
 * caller must decide on.
 * - `accepted`: Daraja took it; its Result comes to resultUrl (or a notice to queueTimeoutUrl).
 * - `already_requested`: Daraja has seen this OriginatorConversationID (500.002.1001). Nothing
 *   new was paid; the first request's fate is asked with Transaction Status, never by paying again.
 * - `refused`: Daraja (or this client, before sending) said no, so nothing was paid. `retryable`:
 *   the same request may pass later (throttling, a connection that was never made, a locked
 *   subscriber); otherwise something must change first.
 * - `unknown`: no readable answer (a timeout after sending, a cut connection, a gateway error,
 *   a reply that is not Daraja's): it may have been accepted. Resolve it with Transaction Status
 *   by the OriginatorConversationID; sending it again could pay twice.
 */
export type PayoutRequestOutcome =
  | { readonly status: 'accepted'; readonly conversationId: string; readonly originatorConversationId: string }
  | { readonly status: 'already_requested'; readonly originatorConversationId: string; readonly message: string }
  | { readonly status: 'refused'; readonly code: string; readonly message: string; readonly retryable: boolean }
  | { readonly status: 'unknown'; readonly reason: string };

// The connection was never made, so the request can not have reached Daraja.
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function neverConnected(error: DarajaError): boolean {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    if ('code' in cause && typeof cause.code === 'string' && NEVER_CONNECTED.has(cause.code)) return true;
    cause = cause.cause;
  }
  return false;
}

/** No access token, so the payout was never sent: it may be sent again once OAuth works. */
export function noTokenOutcome(error: unknown): PayoutRequestOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof DarajaError)) return { status: 'refused', code: 'no_token', message, retryable: true };
  // Wrong consumer key or secret will not fix itself; a timeout or throttling will.
  return { status: 'refused', code: error.errorCode ?? `oauth_${error.kind}`, message, retryable: error.kind !== 'unauthorized' || error.retryable };
}

/** Turns what a payout request threw into its outcome. */
export function payoutFailureOutcome(error: unknown, originatorConversationId: string): PayoutRequestOutcome {
  if (error instanceof DarajaInputError) return { status: 'refused', code: 'invalid_request', message: error.message, retryable: false };
  if (!(error instanceof DarajaError)) return { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  if (error.errorCode === DUPLICATE_ORIGINATOR_CONVERSATION_ID) return { status: 'already_requested', originatorConversationId, message: error.message };
  if (error.kind === 'network' && error.httpStatus === undefined && neverConnected(error)) {
    return { status: 'refused', code: 'unreachable', message: error.message, retryable: true };
  }
  if (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'invalid_response') return { status: 'unknown', reason: error.message };
  return { status: 'refused', code: error.errorCode ?? error.kind, message: error.message, retryable: error.retryable || error.kind === 'throttled' };
}
