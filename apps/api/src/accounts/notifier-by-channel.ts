import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';

/** Sends each notification through the notifier of its channel (email by SMTP, SMS elsewhere). */
export function notifierByChannel(byChannel: Record<Notification['channel'], Notifier>): Notifier {
  return {
    send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome> {
      const notifier = byChannel[notification.channel];
      if (!notifier) return Promise.resolve({ ok: false, retryable: false, reason: `no notifier for channel ${String(notification.channel)}` });
      return notifier.send(notification, idempotencyKey);
    },
  };
}
