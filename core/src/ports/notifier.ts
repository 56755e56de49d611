/** A message to a person, taken from the outbox after commit. */
export interface Notification {
  readonly channel: 'email' | 'sms';
  /** E-mail address or E.164 phone number. */
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

export type DeliveryOutcome = { readonly ok: true; readonly providerId?: string } | { readonly ok: false; readonly retryable: boolean; readonly reason: string };

export interface Notifier {
  send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome>;
}
