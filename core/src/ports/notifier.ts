/** A message to a person, taken from the outbox after commit. */
export interface Notification {
  readonly channel: 'email' | 'sms';
  /** E-mail address or E.164 phone number. */
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /**
   * The subject or body holds a secret (a password reset code): once delivered, the outbox
   * keeps only who it went to and when, not the text (see deliverOutbox).
   */
  readonly sensitive?: boolean;
}

export type DeliveryOutcome = { readonly ok: true; readonly providerId?: string } | { readonly ok: false; readonly retryable: boolean; readonly reason: string };

export interface Notifier {
  send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome>;
}
