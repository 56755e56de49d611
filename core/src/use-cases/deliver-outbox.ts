import { renewingEveryThird } from '../platform/lease-renewal.js';
import type { Clock } from '../ports/clock.js';
import type { EscrowStore, EscrowTx, OutboxStatus } from '../ports/escrow-store.js';
import type { DeliveryOutcome, Notification, Notifier } from '../ports/notifier.js';
import type { OutboxMessage } from '../ports/records.js';

/** Attempts in all, a claim counting one (a dispatcher that died mid-send used one too). */
export const OUTBOX_MAX_ATTEMPTS = 10;
/**
 * How long a claimed message is held for its dispatcher before it is due again: when a process
 * dies (kill -9) with messages claimed, another sends them once this has run out, and a
 * SMS delivery code must not wait minutes (issue 22: taken over within 30 s, with the API's 5 s
 * poll; decision 0074). A send starts only with at least half of it left (10 s), and the lease
 * of every message being sent is extended every third of it while the send lasts (a hung SMTP
 * server: its timeouts allow up to about a minute), so a live dispatcher's slow send is never
 * claimed by another; a dead one's stops being extended and is taken over. Was 2 minutes.
 */
export const OUTBOX_LEASE_MS = 20_000;
/** Sends in flight at once, by default (the SMTP notifier queues them on its pooled connections). */
export const OUTBOX_CONCURRENCY = 16;

/** Exponential backoff: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * What the outbox keeps of a delivered message whose text holds a secret (Notification.sensitive):
 * the channel and the address, so an operator can still see that it went out, never the code.
 */
export function redactedAfterDelivery(payload: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  if (payload['sensitive'] !== true) return undefined;
  return { channel: payload['channel'], to: payload['to'], subject: '(removed after delivery)', body: '(removed after delivery)', sensitive: true };
}

/** The same for a message given up on: it will not be sent, so its secret is not kept either. */
export function redactedWhenGivenUp(payload: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  if (payload['sensitive'] !== true) return undefined;
  return { channel: payload['channel'], to: payload['to'], subject: '(removed: not delivered)', body: '(removed: not delivered)', sensitive: true };
}

export interface DeliverOutboxOptions {
  /** Sends in flight at once (default OUTBOX_CONCURRENCY). */
  readonly concurrency?: number;
  /** Messages claimed at a time (default twice the concurrency: the next ones are claimed while these go out). */
  readonly batchSize?: number;
  /** Default OUTBOX_LEASE_MS. */
  readonly leaseMs?: number;
  /** Claim no more than this many in this call (default: until none is due). */
  readonly maxMessages?: number;
  /** Asked before each claim and each send: once true, nothing more is claimed or sent, and claimed messages not yet sent are handed back. */
  readonly stopping?: () => boolean;
  /**
   * Told of a message being sent whose lease could not be extended because another dispatcher
   * claimed it (this one was held up past the lease): it may go out twice, with the same id.
   */
  readonly onLeaseLost?: (message: OutboxMessage) => void;
  /** Told of each message given up on (for the operator's log). */
  readonly onGiveUp?: (message: OutboxMessage, reason: string) => void;
  /**
   * Awaited before each write of outcomes, so the outcomes that arrive meanwhile share its
   * commit (the API waits 2 ms: on SQLite a commit is a synchronous fsync, and without a pause
   * no other answer could arrive during one). Default: none.
   */
  readonly beforeWrite?: () => Promise<void>;
}

export interface DeliverOutboxReport {
  readonly claimed: number;
  readonly delivered: number;
  /** Failed attempts to be retried later. */
  readonly failed: number;
  readonly givenUp: number;
  /** Claimed but handed back unsent (stopping, or too little of the lease left to send in). */
  readonly released: number;
  /** Outcomes the database did not take (it failed three times): those messages are due again when their lease ends. */
  readonly unrecorded: number;
}

type Outcome =
  | { readonly kind: 'delivered'; readonly message: OutboxMessage; readonly at: Date; readonly providerId?: string | undefined; readonly providerCost?: string | undefined }
  | { readonly kind: 'failed'; readonly message: OutboxMessage; readonly error: string; readonly next: Date }
  | { readonly kind: 'givenUp'; readonly message: OutboxMessage; readonly error: string; readonly at: Date }
  | { readonly kind: 'released'; readonly message: OutboxMessage; readonly at: Date };

function apply(tx: EscrowTx, outcome: Outcome): Promise<void> {
  const { message } = outcome;
  switch (outcome.kind) {
    case 'delivered':
      return tx.outbox.markDelivered(message.id, outcome.at, redactedAfterDelivery(message.payload), outcome.providerId, outcome.providerCost);
    case 'failed':
      return tx.outbox.markFailed(message.id, message.attempts, outcome.error, outcome.next);
    case 'givenUp':
      return tx.outbox.markGivenUp(message.id, message.attempts, outcome.error, outcome.at, redactedWhenGivenUp(message.payload));
    case 'released':
      return tx.outbox.release(message.id, message.attempts, outcome.at);
  }
}

/** A delivery with nothing to erase from the stored payload. */
const isPlainDelivery = (o: Outcome): o is Extract<Outcome, { kind: 'delivered' }> => o.kind === 'delivered' && redactedAfterDelivery(o.message.payload) === undefined;

/** A group's outcomes (in the caller's transaction); its plain deliveries in one statement. */
async function applyAll(tx: EscrowTx, outcomes: readonly Outcome[]): Promise<void> {
  const plain = outcomes.filter(isPlainDelivery);
  if (plain.length > 0) await tx.outbox.markAllDelivered(plain.map((o) => ({ id: o.message.id, at: o.at, providerId: o.providerId, providerCost: o.providerCost })));
  for (const outcome of outcomes) if (!isPlainDelivery(outcome)) await apply(tx, outcome);
}

/**
 * Writes each outcome as soon as it is known: when no write is running, at once (after
 * `beforeWrite`), in its own transaction; outcomes that arrive while one runs go together in
 * the next (group commit, so a busy dispatcher commits far fewer times than it sends, without
 * any outcome waiting for a batch). A write that fails is tried again with the next group,
 * three times in all.
 */
function outcomeWriter(store: EscrowStore, beforeWrite?: () => Promise<void>): { write(outcome: Outcome): Promise<boolean>; idle(): Promise<void> } {
  type Entry = { outcome: Outcome; tries: number; done: (written: boolean) => void };
  let pending: Entry[] = [];
  let writing: Promise<void> | null = null;
  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      if (beforeWrite) await beforeWrite();
      const group = pending;
      pending = [];
      try {
        const outcomes = group.map((entry) => entry.outcome);
        // Deliveries alone are one statement (markAllDelivered): no transaction needed around it.
        if (outcomes.every(isPlainDelivery)) await store.single((tx) => applyAll(tx, outcomes));
        else await store.transaction((tx) => applyAll(tx, outcomes));
        for (const entry of group) entry.done(true);
      } catch {
        for (const entry of group) {
          entry.tries += 1;
          if (entry.tries < 3) pending.push(entry);
          else entry.done(false);
        }
      }
    }
    writing = null;
  };
  return {
    write: (outcome) =>
      new Promise<boolean>((done) => {
        pending.push({ outcome, tries: 0, done });
        writing ??= drain();
      }),
    idle: async () => {
      while (writing) await writing;
    },
  };
}

/**
 * Sends due outbox messages after their change committed, `concurrency` at a time, until none
 * is due (or `maxMessages` were claimed). Messages are claimed and leased in short
 * transactions, the next batch while the current one goes out; each is sent with no
 * transaction open (a slow provider never holds the database), and its outcome is written
 * right after the provider answers, before its sender takes another message. One slow or
 * failing address holds one sender, not the others. While a send lasts, its message's lease is
 * extended every third of the lease, so no other dispatcher sends it meanwhile however long the
 * provider takes (its own timeout ends the send).
 *
 * The message id is the provider's idempotency key (the SMTP notifier makes it the
 * Message-ID), so the one duplicate a crash can cause, a message the provider accepted just
 * before the process died and whose delivery was not yet written, is sent again with the same
 * key when its lease ends. Retry state lives in the database: the claim counts the attempt, a
 * failure schedules the next with backoff, and a message that keeps failing (or dies with its
 * dispatcher) OUTBOX_MAX_ATTEMPTS times, or is refused for good, is given up: kept, never
 * claimed again, visible to an operator.
 */
export async function deliverOutbox(deps: { store: EscrowStore; clock: Clock; notifier: Notifier }, options: DeliverOutboxOptions = {}): Promise<DeliverOutboxReport> {
  const concurrency = Math.max(1, Math.trunc(options.concurrency ?? OUTBOX_CONCURRENCY));
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? concurrency * 2));
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const budget = options.maxMessages ?? Number.POSITIVE_INFINITY;
  const stopping = options.stopping ?? (() => false);
  const writer = outcomeWriter(deps.store, options.beforeWrite);
  const counts = { claimed: 0, delivered: 0, failed: 0, givenUp: 0, released: 0, unrecorded: 0 };

  const queue: OutboxMessage[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  let claimError: unknown = null;
  const claimMore = (): Promise<void> => {
    claiming ??= (async () => {
      const want = Math.min(batchSize, budget - counts.claimed);
      if (exhausted || want <= 0 || stopping()) {
        exhausted = true;
        return;
      }
      try {
        const now = deps.clock.now();
        // One UPDATE ... RETURNING: atomic without a transaction around it.
        const claimed = await deps.store.single((tx) => tx.outbox.claimDue(now, want, new Date(now.getTime() + leaseMs)));
        counts.claimed += claimed.length;
        queue.push(...claimed);
        if (claimed.length < want) exhausted = true;
      } catch (error) {
        // The database failed: send what is in hand, claim nothing more this call.
        claimError = error;
        exhausted = true;
      }
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  };

  // Messages being sent now, by id, with the end of their lease: extended while the provider takes its time.
  const inFlight = new Map<string, { readonly message: OutboxMessage; leaseEnd: Date }>();
  let extending = false;
  const extendLeases = async (): Promise<void> => {
    if (extending || inFlight.size === 0) return;
    extending = true;
    const held = [...inFlight.values()];
    const leaseUntil = new Date(deps.clock.now().getTime() + leaseMs);
    try {
      const extended = new Set(await deps.store.single((tx) => tx.outbox.extendLeases(held.map((h) => ({ id: h.message.id, attempt: h.message.attempts, leaseEnd: h.leaseEnd })), leaseUntil)));
      for (const h of held) {
        if (extended.has(h.message.id)) {
          h.leaseEnd = leaseUntil;
          continue;
        }
        // Not extended and still being sent: its claim is another's now. Said once, not extended again.
        if (inFlight.get(h.message.id) !== h) continue;
        inFlight.delete(h.message.id);
        options.onLeaseLost?.(h.message);
      }
    } catch {
      // The database failed: the leases run out as they would have; the next tick tries again.
    } finally {
      extending = false;
    }
  };
  const stopExtending = renewingEveryThird(leaseMs, () => void extendLeases());

  const record = async (outcome: Outcome): Promise<void> => {
    if (await writer.write(outcome)) counts[outcome.kind] += 1;
    else counts.unrecorded += 1;
  };

  const send = async (message: OutboxMessage): Promise<void> => {
    const now = deps.clock.now();
    // Sent too close to its lease's end, it could be claimed and sent again by another dispatcher meanwhile.
    if (stopping() || message.nextAttemptAt.getTime() - now.getTime() < leaseMs / 2) {
      await record({ kind: 'released', message, at: now });
      return;
    }
    if (message.attempts > OUTBOX_MAX_ATTEMPTS) {
      // Its last attempt never finished (the dispatcher died during it).
      const error = `gave up after ${OUTBOX_MAX_ATTEMPTS} attempts; the last did not finish${message.lastError ? ` (before it: ${message.lastError})` : ''}`;
      options.onGiveUp?.(message, error);
      await record({ kind: 'givenUp', message, error, at: now });
      return;
    }
    inFlight.set(message.id, { message, leaseEnd: message.nextAttemptAt });
    const outcome: DeliveryOutcome = await deps.notifier
      .send(message.payload as unknown as Notification, message.id)
      .catch((error: unknown) => ({
        ok: false as const,
        retryable: true,
        reason: error instanceof Error ? error.message : String(error),
      }))
      .finally(() => inFlight.delete(message.id));
    const at = deps.clock.now();
    if (outcome.ok) {
      await record({ kind: 'delivered', message, at, providerId: outcome.providerId, providerCost: outcome.cost });
    } else if (!outcome.retryable || message.attempts >= OUTBOX_MAX_ATTEMPTS) {
      const error = outcome.retryable ? `gave up after ${message.attempts} attempts: ${outcome.reason}` : outcome.reason;
      options.onGiveUp?.(message, error);
      await record({ kind: 'givenUp', message, error, at });
    } else {
      await record({ kind: 'failed', message, error: outcome.reason, next: new Date(at.getTime() + nextAttemptDelayMs(message.attempts)) });
    }
  };

  const sender = async (): Promise<void> => {
    for (;;) {
      // Keep a batch in hand: claim the next while this one goes out.
      if (queue.length <= concurrency && !exhausted) void claimMore();
      const message = queue.shift();
      if (message) {
        await send(message);
        continue;
      }
      if (claiming) await claiming;
      else if (exhausted) return;
    }
  };

  try {
    await Promise.all(Array.from({ length: concurrency }, sender));
  } finally {
    stopExtending();
  }
  await writer.idle();
  if (claimError !== null) throw claimError;
  return counts;
}

/** For an operator: the backlog and the messages given up on (`escrow-admin outbox status`). */
export function readOutboxStatus(deps: { store: EscrowStore; clock: Clock }, options: { givenUpLimit?: number } = {}): Promise<OutboxStatus> {
  return deps.store.read((tx) => tx.outbox.status(deps.clock.now(), Math.max(0, Math.trunc(options.givenUpLimit ?? 50))));
}
