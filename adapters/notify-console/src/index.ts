import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';

export interface ConsoleNotifierOptions {
  /**
   * Print the subject and body of sensitive messages too. Only for lines that go to no log: the
   * API sets it for NOTIFY_CONSOLE_FILE (development and tests read codes there; refused in
   * production). Default false: a sensitive message's line says who it went to, never its text.
   */
  readonly printSensitive?: boolean;
}

/**
 * The line of a message whose text holds a secret (Notification.sensitive: a delivery code, a
 * rider's one-time code or job link, a password reset code): the channel, the address and the
 * text's length. The subject is withheld too (a reset email's subject holds its code).
 */
function withheldLine(notification: Notification): string {
  const length = typeof notification.body === 'string' ? notification.body.length : 0;
  return `[notify:${notification.channel}] to=${notification.to} length=${length} text withheld: sensitive`;
}

/**
 * The embedded default: notifications are printed (the outbox table keeps them), so a
 * developer sees what a seller would receive. Sends each idempotency key once per process.
 * Sensitive messages are printed without their text unless `printSensitive` is set: standard
 * output is a production log when no provider is configured.
 */
export class ConsoleNotifier implements Notifier {
  private readonly sent = new Set<string>();

  constructor(
    private readonly write: (line: string) => void = (line) => console.info(line),
    private readonly options: ConsoleNotifierOptions = {},
  ) {}

  async send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome> {
    if (!this.sent.has(idempotencyKey)) {
      this.sent.add(idempotencyKey);
      this.write(
        notification.sensitive === true && this.options.printSensitive !== true
          ? withheldLine(notification)
          : `[notify:${notification.channel}] to=${notification.to} subject=${JSON.stringify(notification.subject)} body=${JSON.stringify(notification.body)}`,
      );
    }
    return { ok: true, providerId: `console:${idempotencyKey}` };
  }
}
