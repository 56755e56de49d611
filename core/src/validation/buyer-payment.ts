import { z } from 'zod';
import { acceptedTerms } from './fields.js';
import { validationMessages } from './messages.js';
import { isWellFormedBuyerKey } from './delivery-code.js';

const m = validationMessages.buyer;

/** The 10-letter/digit transaction code in the buyer's M-Pesa SMS, e.g. NLJ7RT61SV. */
export const MPESA_RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

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
