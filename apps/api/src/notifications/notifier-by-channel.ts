import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';

/**
 * The routing notifier: sends each notification through the notifier of its channel (email by
 * SMTP or the console, SMS by Africa's Talking or the console). A channel it has no notifier for
 * (a payload written by newer code, or a broken one) is refused for good, not retried.
 */
export function notifierByChannel(byChannel: Record<Notification['channel'], Notifier>): Notifier {
  return {
    send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome> {
      const notifier = byChannel[notification.channel];
      if (!notifier) return Promise.resolve({ ok: false, retryable: false, reason: `no notifier for channel ${String(notification.channel)}` });
      return notifier.send(notification, idempotencyKey);
    },
  };
}
