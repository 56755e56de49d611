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

/**
 * What a provider answered. Accepted: `providerId` is what it called the message, `cost` what it
 * says the message cost, as it wrote it (Africa's Talking: "KES 0.8000"), when it says.
 */
export type DeliveryOutcome = { readonly ok: true; readonly providerId?: string; readonly cost?: string } | { readonly ok: false; readonly retryable: boolean; readonly reason: string };

export interface Notifier {
  send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome>;
}
