import { createHash } from 'node:crypto';
import { IdempotencyKeyUsed, type ChangeOptions, type Clock, type IdempotencyKeyRequest, type IdempotencyStore, type IdempotentAnswer, type IdempotentChange, type StoredIdempotentAnswer } from '@escrow/core';
import type { Context } from 'hono';
import { sendAnswer, type ErrorBody, type HttpErrorCode } from './error-handler.js';

/** Keys are kept a little over the promised 24 hours. */
export const IDEMPOTENCY_TTL_MS = 25 * 60 * 60 * 1000;
/** Client-made random ids (a UUID is 36 characters): long enough not to be guessed. */
const KEY_FORMAT = /^[A-Za-z0-9_\-:.]{16,128}$/;

export interface IdempotencyDeps {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Uint8Array) return { bytes: createHash('sha256').update(value).digest('hex') };
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * What `run` passes to its use case: `useCase(deps, input, keyed())`. A function, so that the
 * options take the use case's own result type (checked against `render` through `run`'s return).
 */
export type KeyedOptions = <T>() => ChangeOptions<T>;

const refusal = (c: Context, status: 400 | 422, code: HttpErrorCode, message: string): Response => {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status);
};

/**
 * Runs a state-changing request at most once per `Idempotency-Key` (Stripe's model;
 * docs/decisions/0035):
 * - no header: runs it;
 * - a new key: `run` gets an IdempotentChange to hand to the one store transaction that makes
 *   the request's change; that transaction writes the key with the answer `render` makes of its
 *   result, in its own COMMIT. A crash before that COMMIT leaves nothing behind (a retry runs
 *   once); after it, the key and its answer are there;
 * - the same key again with the same request: the stored status and body, changing nothing
 *   (`Idempotent-Replayed: true`); a concurrent duplicate waits for the first one's COMMIT;
 * - the same key with a different request (body, order or route): 422.
 * A request that made no change carrying its key (refused before its transaction, or rolled
 * back) stores nothing; if an earlier request with the key committed meanwhile, that answer is
 * given instead of its own.
 *
 * `scope` is the caller's identity (its credentials, hashed here): two callers' keys never
 * meet, and a caller without the right credentials can never read another's stored answer.
 * `fingerprint` is the parsed input, so whitespace or key order do not make a new request.
 * `render` must be pure: it runs inside the transaction, just before COMMIT.
 */
export async function idempotent<R>(
  c: Context,
  deps: IdempotencyDeps,
  args: { scope: string; fingerprint: unknown },
  run: (keyed: KeyedOptions) => Promise<R>,
  render: (result: R) => IdempotentAnswer,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return sendAnswer(c, render(await run(() => ({}))));
  if (!KEY_FORMAT.test(key)) {
    return refusal(c, 400, 'INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 16 to 128 letters, digits or - _ : .');
  }
  const now = deps.clock.now();
  const request: IdempotencyKeyRequest = {
    scope: sha256(args.scope),
    key,
    requestHash: sha256(JSON.stringify([c.req.method, c.req.path, canonical(args.fingerprint)])),
    now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
  let committed: IdempotentAnswer | undefined;
  const change: IdempotentChange<R> = {
    request,
    answer(result) {
      const answer = render(result);
      // Rolls the change back: an answer that says nothing final is never stored with a key.
      if (isTransient(answer)) throw new TransientAnswer(answer);
      return answer;
    },
    committed: (answer) => {
      committed = answer;
    },
  };

  let result: R;
  try {
    // `run` hands these options to the use case whose result it returns: their R is this R.
    result = await run(<T>() => ({ idempotency: change as unknown as IdempotentChange<T> }));
  } catch (error) {
    if (error instanceof IdempotencyKeyUsed) return replay(c, request, error.stored);
    if (error instanceof TransientAnswer) return sendAnswer(c, error.answer);
    throw error;
  }
  if (committed) return sendAnswer(c, committed);
  const stored = await deps.store.find(request.scope, request.key, now);
  if (stored) return replay(c, request, stored);
  return sendAnswer(c, render(result));
}

/** Answers that say nothing final about a request (a server fault, a rate limit, a lost race): a retry with the same key must run it again. */
function isTransient(answer: IdempotentAnswer): boolean {
  if (answer.status >= 500 || answer.status === 429) return true;
  if (answer.status !== 409) return false;
  try {
    return (JSON.parse(answer.body) as { error?: { code?: unknown } }).error?.code === 'CONCURRENT_UPDATE';
  } catch {
    return false;
  }
}

/** Thrown from inside a keyed transaction whose answer is transient: the change rolls back and the answer is given unstored. */
class TransientAnswer extends Error {
  constructor(readonly answer: IdempotentAnswer) {
    super(`a transient answer (${answer.status}) is not stored with its key`);
    this.name = 'TransientAnswer';
  }
}

/** The stored answer of a key, for the same request; 422 for another request with the same key. */
function replay(c: Context, request: IdempotencyKeyRequest, stored: StoredIdempotentAnswer): Response {
  if (stored.requestHash !== request.requestHash) {
    return refusal(c, 422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  }
  c.header('Idempotent-Replayed', 'true');
  return sendAnswer(c, stored);
}
