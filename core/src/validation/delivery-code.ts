import { z } from 'zod';
import { DELIVERY_CODE_PATTERN, SIX_DIGIT_CODE_PATTERN } from '../rules/codes.js';
import { validationMessages } from './messages.js';

export { BUYER_VIEW_KEY_PATTERN, DELIVERY_CODE_PATTERN, isWellFormedBuyerKey, isWellFormedDeliveryCode } from '../rules/codes.js';

const m = validationMessages.deliveryCode;

/**
 * The rider's code entry: trimmed, exactly 6 digits. A code that starts with 0 has the
 * right shape but can match no order, so it gets the spec's mismatch message.
 */
export const deliveryCodeEntrySchema = z
  .string({ error: m.entryInvalid })
  .trim()
  .regex(SIX_DIGIT_CODE_PATTERN, { error: m.entryInvalid, abort: true })
  .regex(DELIVERY_CODE_PATTERN, { error: m.mismatch });

export type DeliveryCodeEntryInput = z.input<typeof deliveryCodeEntrySchema>;
export type DeliveryCodeEntryOutput = z.output<typeof deliveryCodeEntrySchema>;

/** Rider code submission: the code plus nothing else the form can get wrong. */
export const deliveryCodeFormSchema = z.object({ deliveryCode: deliveryCodeEntrySchema });

export type DeliveryCodeFormInput = z.input<typeof deliveryCodeFormSchema>;
export type DeliveryCodeFormOutput = z.output<typeof deliveryCodeFormSchema>;
