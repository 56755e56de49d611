import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdempotencyClaimRequest, IdempotentAnswer } from '@escrow/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { IdempotencyKeysTable } from '../schema/operations-tables.js';

/**
 * How a request's Idempotency-Key reaches the transaction of its change (docs/decisions/0024).
 *
 * `IdempotencyStore.withinChange` runs the request with a ticket in async-local storage. The
 * first transaction of the escrow store (PostgreSQL, same database) made under the ticket
 * runs the use case's work and then, instead of committing, hands the work's result back and
 * waits ("held"): the request renders its answer, and the transaction then writes the key
 * with that answer in its flush statement and commits. One commit carries the change, its
 * audit rows and the stored answer; the key is never seen without its answer.
 *
 * Any other call on the store while a change is held (a second transaction, a read) first
 * commits the held change with the key stored as pending (the classic claim), so nothing
 * ever waits on a transaction that waits on it.
 */
export interface ChangeTicket {
  /** The pool the key belongs to: only a store on the same database joins. */
  readonly db: Kysely<Database>;
  readonly request: IdempotencyClaimRequest;
  state: 'open' | 'running' | 'held' | 'committed' | 'failed';
  /** True when the key went in without an answer (committed early; the answer is stored after). */
  pendingKey: boolean;
  /** While held: lets the transaction go on with the answer (null: store the key pending), or roll it back (an Error). */
  settle?: (outcome: IdempotentAnswer | null | Error) => void;
  /** The held transaction's end (rejects with its error). */
  ended?: Promise<void>;
}

export const changeTickets = new AsyncLocalStorage<ChangeTicket>();

/**
 * The flush found the request's Idempotency-Key already stored: the transaction rolls back.
 * Also thrown (before any work) by a store that cannot carry a request's key with its change.
 */
export class IdempotencyKeyTaken extends Error {
  constructor(message = 'the Idempotency-Key was stored by another request first') {
    super(message);
    this.name = 'IdempotencyKeyTaken';
  }
}

/** A held transaction that nobody settles is rolled back after this long (a bug, or a request stuck rendering). */
export const HOLD_LIMIT_MS = 30_000;

/** The idempotency_keys row of `request`: with its answer, or pending (no answer yet). */
export function keyRow(request: IdempotencyClaimRequest, answer: IdempotentAnswer | null): Insertable<IdempotencyKeysTable> {
  return {
    scope: request.scope,
    key: request.key,
    request_hash: request.requestHash,
    response_status: answer?.status ?? null,
    response_body: answer?.body ?? null,
    created_at: request.now.toISOString(),
    expires_at: request.expiresAt.toISOString(),
  };
}

/** Commits a held change with its key pending, so that another call of the same request can use the database. */
export async function releaseHeld(ticket: ChangeTicket): Promise<void> {
  if (ticket.state !== 'held') return;
  ticket.settle?.(null);
  await ticket.ended;
}
