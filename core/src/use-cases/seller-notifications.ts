import type { Notification } from '../ports/notifier.js';
import type { SellerRef } from '../ports/records.js';

/** Seller notifications go by e-mail when the seller has one, else by SMS to their phone. */
export function sellerNotification(seller: SellerRef, message: { subject: string; body: string }): Notification {
  return seller.email
    ? { channel: 'email', to: seller.email, subject: message.subject, body: message.body }
    : { channel: 'sms', to: seller.phone, subject: message.subject, body: `${message.subject}: ${message.body}` };
}
