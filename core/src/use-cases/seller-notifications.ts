import type { RecipientTexts } from '../messages/recipient-texts.js';
import type { Notification } from '../ports/notifier.js';
import type { SellerRef } from '../ports/records.js';

/** A message to a seller: the email, and its SMS text (messages/seller-sms.ts, one segment). */
export interface SellerMessage {
  readonly subject: string;
  readonly body: string;
  /**
   * The text for sellers who chose SMS; null for a message not worth a paid SMS: the receipt of
   * the seller's own action, which their screen has just shown (a new order).
   */
  readonly sms: string | null;
}

/**
 * A seller message before its language is known: given the texts of the seller's language
 * (`textsFor(seller.locale)`, decision 0066), the message in it.
 */
export type LocalizedSellerMessage = (texts: RecipientTexts) => SellerMessage;

/**
 * The notifications a seller message becomes, by the seller's choice (decision 0048): an email
 * when they chose email and have an address, an SMS when they chose SMS (the phone is always
 * there). A choice that reaches nobody (email only, and the address is gone, or no choice at all
 * in an old row) falls back to SMS: a seller is never left silent about money on their orders.
 */
export function sellerNotifications(seller: SellerRef, message: SellerMessage): Notification[] {
  const email: Notification[] = seller.notifyByEmail && seller.email ? [{ channel: 'email', to: seller.email, subject: message.subject, body: message.body }] : [];
  const bySms = seller.notifyBySms || email.length === 0;
  const sms: Notification[] = bySms && message.sms !== null ? [{ channel: 'sms', to: seller.phone, subject: message.subject, body: message.sms }] : [];
  return [...email, ...sms];
}
