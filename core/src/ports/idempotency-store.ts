/**
 * Stored answers to requests that carried an `Idempotency-Key` (STYLE.md: "every
 * money-moving request is idempotent by key; the same id twice gives the same answer").
 *
 * A key is claimed before the request runs, in its own transaction, as a `pending` row, so
 * two concurrent requests with the same key can never both run: the second finds the row.
 * The answer is stored when the request finishes; a request that failed for reasons of the
 * server (5xx, crash) releases its claim so that a retry can run.
 */
export interface IdempotencyClaimRequest {
  /** Who is asking (a hash of the caller's credentials): keys of two callers never meet. */
  readonly scope: string;
  readonly key: string;
  /** A fingerprint of the request (method, route, parsed input). */
  readonly requestHash: string;
  readonly now: Date;
  /** Kept until then (at least 24 hours); an expired row counts as absent. */
  readonly expiresAt: Date;
  /** A pending claim older than this is taken over (its process died mid-request). */
  readonly staleBefore: Date;
}

export type IdempotencyClaim =
  /** This request owns the key: run it, then `complete` or `release`. */
  | { readonly kind: 'claimed' }
  /** The key was used before and finished: answer with what it answered. */
  | { readonly kind: 'completed'; readonly requestHash: string; readonly status: number; readonly body: string }
  /** The first request with this key is still running. */
  | { readonly kind: 'pending'; readonly requestHash: string };

/** What a request answered: its HTTP status and body, stored for replays. */
export interface IdempotentAnswer {
  readonly status: number;
  readonly body: string;
}

/** The change a request made in its one transaction, held open until its answer is known. */
export interface HeldChange {
  /** Stores the key with `answer` and commits the change in one COMMIT; 'taken' (and rolled back) when an earlier request stored the key first; throws when the commit fails. */
  commit(answer: IdempotentAnswer): Promise<'committed' | 'taken'>;
  /**
   * Rolls the change back (the request failed after making it): 'rolled-back'. A change that had
   * to commit early (its key stored pending) cannot be: only its key is given up, 'kept'.
   */
  rollback(): Promise<'rolled-back' | 'kept'>;
}

export type ChangeRun<T> =
  /** `run` finished. `held`: its transaction, waiting for the answer; null when it made none that could carry the key (then store the answer with claim/complete). */
  | { readonly kind: 'ran'; readonly value: T; readonly held: HeldChange | null }
  /**
   * Decide by `claim` (and run the request again if that claims the key): the key was found
   * taken when the change tried to commit, or the store could not carry it; either way the
   * request changed nothing.
   */
  | { readonly kind: 'use-claim' };

export interface IdempotencyStore {
  claim(request: IdempotencyClaimRequest): Promise<IdempotencyClaim>;
  /**
   * Optional (PostgreSQL): runs `run`, whose one state change goes through the escrow store's
   * transaction, so that the key and the request's answer are written in that transaction's
   * own commit statement: no claim before, no answer after, and no claim left pending by a
   * crash between them (docs/decisions/0024). A duplicate request runs, finds the key at its
   * commit, rolls back and is answered from the stored answer.
   */
  withinChange?<T>(request: IdempotencyClaimRequest, run: () => Promise<T>): Promise<ChangeRun<T>>;
  /** Stores the answer of a claimed key. */
  complete(args: { scope: string; key: string; status: number; body: string }): Promise<void>;
  /** Gives a claimed key up (the request failed on the server side); a retry may run it. */
  release(args: { scope: string; key: string }): Promise<void>;
  /** Deletes rows expired at `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
