import type { Clock } from '../ports/clock.js';
import type { EscrowStore } from '../ports/escrow-store.js';
import type { Notification, Notifier } from '../ports/notifier.js';

export const OUTBOX_MAX_ATTEMPTS = 10;

/** Exponential backoff: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Sends due outbox messages after commit. Each message is claimed inside a transaction (other
 * dispatchers skip it), sent with its id as the idempotency key, and marked delivered or
 * rescheduled. Returns how many were delivered and failed.
 */
export async function deliverOutbox(
  deps: { store: EscrowStore; clock: Clock; notifier: Notifier },
  options: { limit?: number } = {},
): Promise<{ delivered: number; failed: number }> {
  return deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = await tx.outbox.claimDue(now, options.limit ?? 50);
    let delivered = 0;
    let failed = 0;
    for (const message of due) {
      const outcome = await deps.notifier.send(message.payload as unknown as Notification, message.id).catch((error: unknown) => ({
        ok: false as const,
        retryable: true,
        reason: error instanceof Error ? error.message : String(error),
      }));
      if (outcome.ok) {
        await tx.outbox.markDelivered(message.id, now);
        delivered += 1;
      } else {
        const attempts = message.attempts + 1;
        const giveUp = !outcome.retryable || attempts >= OUTBOX_MAX_ATTEMPTS;
        // A message given up on is parked far in the future and left for an operator to see.
        const next = giveUp ? new Date(now.getTime() + 365 * 24 * 3_600_000) : new Date(now.getTime() + nextAttemptDelayMs(attempts));
        await tx.outbox.markFailed(message.id, outcome.reason, next);
        failed += 1;
      }
    }
    return { delivered, failed };
  });
}
