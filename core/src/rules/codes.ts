/** Every code sent to a person is 6 digits: the delivery code, a rider's phone code, a password-reset code. */
export const CODE_LENGTH = 6;

/** The shape of a typed code: exactly 6 digits (a one-time code may start with 0). */
export const SIX_DIGIT_CODE_PATTERN = /^\d{6}$/;

/** Delivery codes are drawn from 100000-999999 (spec section 9), so they never start with 0. */
export const DELIVERY_CODE_PATTERN = /^[1-9]\d{5}$/;

/** Wrong delivery codes allowed per order before code entry locks (PRODUCT-DECISIONS, Access). */
export const MAX_WRONG_CODE_ATTEMPTS = 5;

export function isSixDigitCode(value: unknown): value is string {
  return typeof value === 'string' && SIX_DIGIT_CODE_PATTERN.test(value);
}

export function isWellFormedDeliveryCode(value: unknown): value is string {
  return typeof value === 'string' && DELIVERY_CODE_PATTERN.test(value);
}

/** The secret of the buyer link the seller shares (an order's view key): 22 URL-safe characters. */
export const BUYER_VIEW_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** What the buyer page keeps from its link: the delivery code (old links) or the order's view key. */
export function isWellFormedBuyerKey(value: unknown): value is string {
  return isWellFormedDeliveryCode(value) || (typeof value === 'string' && BUYER_VIEW_KEY_PATTERN.test(value));
}
