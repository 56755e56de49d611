import type { z } from 'zod';
import type { DarajaConfig } from './config.js';
import { DarajaError } from './daraja-error.js';

/** What each operation needs from the client: its settings, the clock and an authorised POST. */
export interface DarajaContext {
  readonly config: DarajaConfig;
  readonly now: () => Date;
  /** The cached access token, fetched if needed; a call that fails here sent nothing. */
  accessToken(): Promise<string>;
  post(operation: string, path: string, body: Record<string, unknown>, options: { idempotent: boolean }): Promise<unknown>;
}

/** Reads a 2xx reply with its schema; one that does not fit is an `invalid_response`. */
export function readReply<T extends z.ZodType>(operation: string, schema: T, json: unknown, idempotent: boolean): z.output<T> {
  const reply = schema.safeParse(json);
  if (reply.success) return reply.data;
  const issues = reply.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
  const unknownOutcome = idempotent ? '' : '; whether it was accepted is unknown';
  throw new DarajaError(`${operation}: Daraja's reply does not have the expected shape (${issues})${unknownOutcome}`, { kind: 'invalid_response', retryable: idempotent });
}

/** A 2xx reply whose ResponseCode is not "0" is still a refusal. */
export function requireAccepted(operation: string, responseCode: string, description: string): void {
  if (responseCode === '0') return;
  throw new DarajaError(`${operation}: Daraja did not accept the request (ResponseCode ${responseCode}: ${description})`, {
    kind: 'rejected',
    errorCode: responseCode,
    errorMessage: description,
    retryable: false,
  });
}
