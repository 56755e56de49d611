import { z } from 'zod';
import { acceptedTerms } from './fields.js';
import { validationMessages } from './messages.js';
import { isWellFormedBuyerKey } from '../rules/codes.js';
import { MPESA_RECEIPT_PATTERN } from '../rules/mpesa-receipt.js';

export { MPESA_RECEIPT_PATTERN } from '../rules/mpesa-receipt.js';

const m = validationMessages.buyer;

export const mpesaReceiptSchema = z
  .string({ error: m.mpesaReceiptInvalid })
  .trim()
  .toUpperCase()
  .regex(MPESA_RECEIPT_PATTERN, { error: m.mpesaReceiptInvalid });

/**
 * The key the buyer page kept from its link: the order's view key, or the delivery code of an
 * old link (local storage gives null when there is none). A malformed one cannot come from a
 * genuine link, so it gets the same message.
 */
const storedDeliveryCode = z
  .string({ error: m.deliveryCodeMissing })
  .trim()
  .nullish()
  .refine(isWellFormedBuyerKey, { error: m.deliveryCodeMissing });

/**
 * The buyer's Confirm Payment action. The spec checks terms first, then the stored code;
 * the M-Pesa code (product decisions) comes after them.
 */
export const buyerPaymentSchema = z.object({
  termsAccepted: acceptedTerms(m.termsRequired),
  deliveryCode: storedDeliveryCode,
  mpesaReceipt: mpesaReceiptSchema,
});

export type BuyerPaymentInput = z.input<typeof buyerPaymentSchema>;
export type BuyerPaymentOutput = z.output<typeof buyerPaymentSchema>;
