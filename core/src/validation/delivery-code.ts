import { z } from 'zod';
import { validationMessages } from './messages.js';

const m = validationMessages.deliveryCode;

/** Delivery codes are drawn from 100000-999999 (spec section 9), so they never start with 0. */
export const DELIVERY_CODE_PATTERN = /^[1-9]\d{5}$/;

export function isWellFormedDeliveryCode(value: unknown): value is string {
  return typeof value === 'string' && DELIVERY_CODE_PATTERN.test(value);
}

/** The secret of the buyer link the seller shares (an order's view key): 22 URL-safe characters. */
export const BUYER_VIEW_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** What the buyer page keeps from its link: the delivery code (old links) or the order's view key. */
export function isWellFormedBuyerKey(value: unknown): value is string {
  return isWellFormedDeliveryCode(value) || (typeof value === 'string' && BUYER_VIEW_KEY_PATTERN.test(value));
}

/**
 * The rider's code entry: trimmed, exactly 6 digits. A code that starts with 0 has the
 * right shape but can match no order, so it gets the spec's mismatch message.
 */
export const deliveryCodeEntrySchema = z
  .string({ error: m.entryInvalid })
  .trim()
  .regex(/^\d{6}$/, { error: m.entryInvalid, abort: true })
  .regex(DELIVERY_CODE_PATTERN, { error: m.mismatch });

export type DeliveryCodeEntryInput = z.input<typeof deliveryCodeEntrySchema>;
export type DeliveryCodeEntryOutput = z.output<typeof deliveryCodeEntrySchema>;

/** Rider code submission: the code plus nothing else the form can get wrong. */
export const deliveryCodeFormSchema = z.object({ deliveryCode: deliveryCodeEntrySchema });

export type DeliveryCodeFormInput = z.input<typeof deliveryCodeFormSchema>;
export type DeliveryCodeFormOutput = z.output<typeof deliveryCodeFormSchema>;
