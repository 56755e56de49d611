import type { Notification } from '../ports/notifier.js';
import type { Random } from '../ports/random.js';
import type { OutboxMessage } from '../ports/records.js';

/**
 * Writes a message (email or SMS) to the outbox inside the change's transaction; the dispatcher
 * sends it after commit. Any store's transaction with an outbox will do (escrow, accounts).
 */
export async function enqueueNotification(deps: { random: Random }, tx: { readonly outbox: { enqueue(message: OutboxMessage): Promise<void> } }, notification: Notification, now: Date): Promise<void> {
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
