import { createHash } from 'node:crypto';
import type { Clock, IdempotencyClaim, IdempotencyClaimRequest, IdempotencyStore } from '@escrow/core';
import type { Context } from 'hono';
import { answerTextOf, type ErrorBody, type HttpErrorCode } from './error-handler.js';
import type { Logger } from './logger.js';
import { collectingUndo } from './undo-on-rollback.js';

/** Keys are kept a little over the promised 24 hours. */
export const IDEMPOTENCY_TTL_MS = 25 * 60 * 60 * 1000;
/** A claim this old with no answer belongs to a request whose process died. */
export const IDEMPOTENCY_STALE_MS = 60 * 1000;
/** Client-made random ids (a UUID is 36 characters): long enough not to be guessed. */
const KEY_FORMAT = /^[A-Za-z0-9_\-:.]{16,128}$/;

export interface IdempotencyDeps {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  readonly logger: Logger;
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

const refusal = (c: Context, status: 400 | 409 | 422, code: HttpErrorCode, message: string): Response => {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status);
};

// Answers that say nothing final about the request: a retry with the same key must run it again.
function isTransient(status: number, body: string): boolean {
  if (status >= 500 || status === 429) return true;
  if (status !== 409) return false;
  try {
    return (JSON.parse(body) as { error?: { code?: unknown } }).error?.code === 'CONCURRENT_UPDATE';
  } catch {
    return false;
  }
}

/**
 * Runs a state-changing request at most once per `Idempotency-Key` (Stripe's model):
 * - no header: runs it;
 * - a new key: claims it (a pending row, committed before anything else happens), runs the
 *   request, stores its status and body; a 5xx, 429 or lost race releases the claim instead;
 * - the same key again with the same request: answers the stored status and body, changing
 *   nothing (`Idempotent-Replayed: true`); while the first is still running: 409;
 * - the same key with a different request (body, order or route): 422.
 *
 * `scope` is the caller's identity (its credentials, hashed here): two callers' keys never
 * meet, and a caller without the right credentials can never read another's stored answer.
 * `fingerprint` is the parsed input, so whitespace or key order do not make a new request.
 *
 * `oneChange`: the request's only state change is one escrow store transaction (a use case
 * that changes an order). Where the store supports it (PostgreSQL), no claim is made before:
 * the key and the answer are written in that transaction's commit, and a duplicate finds the
 * key there, rolls its own change back and gets the stored answer (docs/decisions/0024).
 */
export async function idempotent(
  c: Context,
  deps: IdempotencyDeps,
  args: { scope: string; fingerprint: unknown; oneChange?: boolean },
  run: () => Promise<Response>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return run();
  if (!KEY_FORMAT.test(key)) {
    return refusal(c, 400, 'INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 16 to 128 letters, digits or - _ : .');
  }
  const now = deps.clock.now();
  const request: IdempotencyClaimRequest = {
    scope: sha256(args.scope),
    key,
    requestHash: sha256(JSON.stringify([c.req.method, c.req.path, canonical(args.fingerprint)])),
    now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    staleBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS),
  };

  // The key written in the commit of the request's one change (docs/decisions/0024); where
  // the store cannot, or the key turns out to be taken, the claim below decides.
  if (args.oneChange && deps.store.withinChange) {
    const { withinChange } = deps.store;
    // Files the run stores are removed again where its change is certainly rolled back.
    const { value: outcome, undo } = await collectingUndo(() => withinChange(request, run));
    if (outcome.kind === 'ran') {
      const response = outcome.value;
      const body = await answerText(response);
      const transient = isTransient(response.status, body);
      if (outcome.held === null) return answerAfterwards(c, deps, request, response, body, transient);
      if (transient) {
        if ((await outcome.held.rollback()) === 'rolled-back') await undo();
        return response;
      }
      if ((await outcome.held.commit({ status: response.status, body })) === 'committed') return response;
    }
    // An earlier request with this key committed first, or the store could not carry the key:
    // this run changed nothing, and the claim decides.
    await undo();
  }

  const claim = await deps.store.claim(request);
  const refused = answerForTaken(c, request, claim);
  if (refused) return refused;

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await deps.store.release({ scope: request.scope, key }).catch(() => undefined);
    throw error;
  }
  const body = await answerText(response);
  await storeAnswer(deps, request, response.status, body, isTransient(response.status, body));
  return response;
}

/** The text to store for `response`: the one it was rendered from, else read from a clone. */
const answerText = async (response: Response): Promise<string> => answerTextOf(response) ?? (await response.clone().text());

/** The answer to a key found claimed: 422 for another request, 409 while the first runs, the stored answer once it finished; null when this request owns the key. */
function answerForTaken(c: Context, request: IdempotencyClaimRequest, claim: IdempotencyClaim): Response | null {
  if (claim.kind === 'claimed') return null;
  if (claim.requestHash !== request.requestHash) {
    return refusal(c, 422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  }
  if (claim.kind === 'pending') {
    c.header('Retry-After', '1');
    return refusal(c, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', 'The first request with this Idempotency-Key is still being processed. Please try again in a moment.');
  }
  return new Response(claim.body, {
    status: claim.status,
    headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  });
}

/**
 * A request meant to make one change that made none the key could ride on (refused before a
 * transaction, or rolled back): its answer is stored by claim and complete, unless an earlier
 * request with the key answered first; then that answer is the one given.
 */
async function answerAfterwards(c: Context, deps: IdempotencyDeps, request: IdempotencyClaimRequest, response: Response, body: string, transient: boolean): Promise<Response> {
  if (transient) return response;
  const claim = await deps.store.claim(request);
  const earlier = answerForTaken(c, request, claim);
  if (earlier) return earlier;
  await storeAnswer(deps, request, response.status, body, false);
  return response;
}

async function storeAnswer(deps: IdempotencyDeps, request: IdempotencyClaimRequest, status: number, body: string, transient: boolean): Promise<void> {
  const { scope, key } = request;
  try {
    if (transient) await deps.store.release({ scope, key });
    else await deps.store.complete({ scope, key, status, body });
  } catch (error) {
    // The change itself is committed; a retry after the claim goes stale re-runs the use case,
    // whose state machine refuses a second effect.
    deps.logger.error('Could not store an idempotent answer', { error: error instanceof Error ? error.message : String(error) });
  }
}
