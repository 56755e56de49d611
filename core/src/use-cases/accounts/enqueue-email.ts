import type { AccountsTx } from '../../ports/accounts-store.js';
import type { Notification } from '../../ports/notifier.js';
import type { Random } from '../../ports/random.js';

/** Writes an email to the outbox inside the change's transaction; it is sent after commit. */
export async function enqueueEmail(deps: { random: Random }, tx: AccountsTx, notification: Notification, now: Date): Promise<void> {
  await tx.outbox.enqueue({
    id: deps.random.uuid(),
    topic: 'notification',
    payload: { ...notification },
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    deliveredAt: null,
    lastError: null,
  });
}
