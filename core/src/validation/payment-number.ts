import { z } from 'zod';
import { normalizeKenyanPhone } from './phone.js';
import { validationMessages } from './messages.js';

const m = validationMessages.seller;

/** How a seller is paid out (spec section 9: "Seller payout methods"). */
export const SELLER_PAYOUT_METHODS = ['direct_mpesa', 'paybill', 'till_number'] as const;
export type SellerPayoutMethod = (typeof SELLER_PAYOUT_METHODS)[number];

export function isSellerPayoutMethod(value: unknown): value is SellerPayoutMethod {
  return typeof value === 'string' && (SELLER_PAYOUT_METHODS as readonly string[]).includes(value);
}

// Safaricom business short codes (Paybill and Till/Buy Goods) are 5 to 7 digits.
const SHORT_CODE = /^\d{5,7}$/;

interface PaymentNumberInput {
  /** Name of the method as the admin's sellers table shows it. */
  readonly name: string;
  readonly label: string;
  readonly placeholder: string;
  readonly invalidMessage: string;
}

const PAYMENT_NUMBER_INPUTS: Readonly<Record<SellerPayoutMethod, PaymentNumberInput>> = {
  direct_mpesa: {
    name: 'M-Pesa',
    label: 'M-Pesa Phone Number',
    placeholder: 'e.g. 0712345678',
    invalidMessage: m.mpesaPhoneInvalid,
  },
  paybill: {
    name: 'Paybill',
    label: 'Paybill Number',
    placeholder: 'e.g. 247247',
    invalidMessage: m.paybillInvalid,
  },
  till_number: {
    name: 'Till Number',
    label: 'Till Number',
    placeholder: 'e.g. 5123456',
    invalidMessage: m.tillNumberInvalid,
  },
};

/** Label, placeholder and error text of the payment-number input for a method (spec section 5). */
export function paymentNumberInputFor(method: SellerPayoutMethod): PaymentNumberInput {
  return PAYMENT_NUMBER_INPUTS[method];
}

/**
 * The stored form of a payment number: E.164 for an M-Pesa phone, the bare digits for a
 * Paybill or Till. Null when the number does not fit the method.
 */
export function normalizePaymentNumber(method: SellerPayoutMethod, input: string): string | null {
  if (typeof input !== 'string') return null;
  if (method === 'direct_mpesa') return normalizeKenyanPhone(input);
  const digits = input.trim();
  return SHORT_CODE.test(digits) ? digits : null;
}

/**
 * The typed payment number, required and trimmed. Its format is checked against the method
 * by `checkPaymentNumber`, which also bounds its length.
 */
export function paymentNumberField(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required });
}

/** Enum field for the payout method, with the given message for a missing or unknown one. */
export function sellerPayoutMethodField(message: string) {
  return z.enum(SELLER_PAYOUT_METHODS, { error: message });
}

/**
 * Cross-field check: the payment number must fit the chosen method. Reported on the
 * payment-number field; meant to run under `whenFieldsValid('paymentMethod', 'paymentNumber')`.
 */
export function checkPaymentNumber(
  value: { paymentMethod: SellerPayoutMethod; paymentNumber: string },
  ctx: z.RefinementCtx,
): void {
  if (normalizePaymentNumber(value.paymentMethod, value.paymentNumber) === null) {
    ctx.addIssue({
      code: 'custom',
      message: paymentNumberInputFor(value.paymentMethod).invalidMessage,
      path: ['paymentNumber'],
    });
  }
}

/** Replaces the typed payment number by its stored form; only called once the check passed. */
export function withNormalizedPaymentNumber<T extends { paymentMethod: SellerPayoutMethod; paymentNumber: string }>(
  value: T,
): T {
  return { ...value, paymentNumber: normalizePaymentNumber(value.paymentMethod, value.paymentNumber) ?? value.paymentNumber };
}
