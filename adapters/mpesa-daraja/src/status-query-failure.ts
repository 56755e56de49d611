import { DarajaError } from './daraja-error.js';
import { DarajaInputError } from './daraja-input-error.js';

/**
 * What a Transaction Status request that threw means (a claim's or a payout's query). Refused
 * before sending: final. No readable answer: unknown (it may have been taken; its Result may
 * still come). Any refusal by Daraja may pass later (throttling, a token, an initiator fixed).
 */
export function statusQueryFailure(error: unknown): { status: 'refused'; reason: string; retryable: boolean } | { status: 'unknown'; reason: string } {
  if (error instanceof DarajaInputError) return { status: 'refused', reason: error.message, retryable: false };
  if (error instanceof DarajaError) {
    if (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'invalid_response') return { status: 'unknown', reason: error.message };
    return { status: 'refused', reason: error.errorMessage ?? error.message, retryable: true };
  }
  return { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
}
