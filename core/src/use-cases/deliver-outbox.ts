import type { Clock } from '../ports/clock.js';
import type { EscrowStore } from '../ports/escrow-store.js';
import type { DeliveryOutcome, Notification, Notifier } from '../ports/notifier.js';

export const OUTBOX_MAX_ATTEMPTS = 10;
/** How long a claimed message is held for its dispatcher before it is due again. */
export const OUTBOX_LEASE_MS = 2 * 60_000;

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

/**
 * Sends due outbox messages after their change committed. Messages are claimed and leased in
 * one short transaction, sent with no transaction open (a slow provider never blocks the
 * database), then marked delivered or rescheduled. The message id is the provider's
 * idempotency key, so a retry after a crash never sends twice where the provider honours it.
 */
export async function deliverOutbox(
  deps: { store: EscrowStore; clock: Clock; notifier: Notifier },
  options: { limit?: number } = {},
): Promise<{ delivered: number; failed: number }> {
  const claimedAt = deps.clock.now();
  const due = await deps.store.transaction((tx) => tx.outbox.claimDue(claimedAt, options.limit ?? 50, new Date(claimedAt.getTime() + OUTBOX_LEASE_MS)));
  let delivered = 0;
  let failed = 0;
  for (const message of due) {
    const outcome: DeliveryOutcome = await deps.notifier.send(message.payload as unknown as Notification, message.id).catch((error: unknown) => ({
      ok: false as const,
      retryable: true,
      reason: error instanceof Error ? error.message : String(error),
    }));
    const now = deps.clock.now();
    if (outcome.ok) {
      await deps.store.transaction((tx) => tx.outbox.markDelivered(message.id, now, redactedAfterDelivery(message.payload)));
      delivered += 1;
    } else {
      const attempts = message.attempts + 1;
      const giveUp = !outcome.retryable || attempts >= OUTBOX_MAX_ATTEMPTS;
      // A message given up on is parked a year ahead, visible to an operator in the outbox.
      const next = giveUp ? new Date(now.getTime() + 365 * 24 * 3_600_000) : new Date(now.getTime() + nextAttemptDelayMs(attempts));
      await deps.store.transaction((tx) => tx.outbox.markFailed(message.id, outcome.reason, next));
      failed += 1;
    }
  }
  return { delivered, failed };
}
