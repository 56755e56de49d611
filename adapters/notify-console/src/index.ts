import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';

/**
 * The embedded default: notifications are printed (the outbox table keeps them), so a
 * developer sees what a seller would receive. Sends each idempotency key once per process.
 */
export class ConsoleNotifier implements Notifier {
  private readonly sent = new Set<string>();

  constructor(private readonly write: (line: string) => void = (line) => console.info(line)) {}

  async send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome> {
    if (!this.sent.has(idempotencyKey)) {
      this.sent.add(idempotencyKey);
      this.write(`[notify:${notification.channel}] to=${notification.to} subject=${JSON.stringify(notification.subject)} body=${JSON.stringify(notification.body)}`);
    }
    return { ok: true, providerId: `console:${idempotencyKey}` };
  }
}
