/**
 * Stored answers to requests that carried an `Idempotency-Key` (STYLE.md: "every
 * money-moving request is idempotent by key; the same id twice gives the same answer").
 *
 * The key and its answer are written by the transaction that makes the request's change, in
 * its own COMMIT (docs/decisions/0035): there is never a key without its answer, nor a change
 * without its key. A crash before that COMMIT leaves nothing (a retry runs once); a crash after
 * it leaves both (a retry gets the first answer).
 */
export interface IdempotencyKeyRequest {
  /** Who is asking (a hash of the caller's credentials): keys of two callers never meet. */
  readonly scope: string;
  readonly key: string;
  /** A fingerprint of the request (method, route, parsed input). */
  readonly requestHash: string;
  readonly now: Date;
  /** Kept until then (at least 24 hours); an expired row counts as absent. */
  readonly expiresAt: Date;
}

/** What a request answered: its HTTP status and body, stored for replays. */
export interface IdempotentAnswer {
  readonly status: number;
  readonly body: string;
}

/** A stored key: the request it was first used for and that request's answer. */
export interface StoredIdempotentAnswer extends IdempotentAnswer {
  readonly requestHash: string;
}

/**
 * A keyed request, handed explicitly to the one transaction that makes its change
 * (`EscrowStore.transaction(work, { idempotency })`, `AdminStore.transaction`). The store:
 * - refuses to run `work` (SQLite) or to commit it (PostgreSQL, where the key is written in the
 *   commit statement) when the key is already stored: it rolls back and throws
 *   `IdempotencyKeyUsed` with the stored answer;
 * - otherwise calls `answer(result)` with what `work` returned, just before COMMIT, and writes the
 *   key with that answer in the same commit; once the COMMIT returned it calls `committed`.
 * `answer` must be pure (no I/O): it renders the response the request will give.
 */
export interface IdempotentChange<R> {
  readonly request: IdempotencyKeyRequest;
  answer(result: R): IdempotentAnswer;
  /** The COMMIT that stored `answer` with the change returned. */
  committed(answer: IdempotentAnswer): void;
}

/** What a use case that makes one change accepts besides its input. */
export interface ChangeOptions<R> {
  /** The request's Idempotency-Key, written with the change (absent: the change runs unkeyed). */
  readonly idempotency?: IdempotentChange<R> | undefined;
}

/** Options of a store transaction. */
export type TransactionOptions<R> = ChangeOptions<R>;

/**
 * Thrown by a keyed transaction whose key was already stored by an earlier request: nothing of
 * this run was committed. The caller answers with `stored` (or refuses a different request).
 */
export class IdempotencyKeyUsed extends Error {
  constructor(readonly stored: StoredIdempotentAnswer) {
    super('the Idempotency-Key was already used');
    this.name = 'IdempotencyKeyUsed';
  }
}

/**
 * Thrown when the COMMIT itself failed (a dropped connection): the change may or may not have
 * committed. Nothing that depends on it may be undone (a stored photo may be named by the order);
 * a retry with the same Idempotency-Key finds out which.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(options: { cause: unknown }) {
    super(`the commit's outcome is unknown: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`, options);
    this.name = 'CommitOutcomeUnknown';
  }
}

export interface IdempotencyStore {
  /** The stored answer of a key (expired ones count as absent). */
  find(scope: string, key: string, now: Date): Promise<StoredIdempotentAnswer | undefined>;
  /** Deletes rows expired at `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
