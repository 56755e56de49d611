/**
 * Errors are values with stable codes. Use cases return `Result`s; they never throw for a
 * rule that a user can break. The API maps each code to an HTTP status in one place, and
 * `messageFor` (messages/catalogue.ts) gives the spec's user-facing text.
 */
export const ERROR_CODES = [
  // input
  'VALIDATION_FAILED',
  'INVALID_AMOUNT',
  'INVALID_PHONE',
  'INVALID_DELIVERY_CODE_FORMAT',
  'INVALID_STATUS',
  'DELIVERY_COST_EXCEEDS_PROCEEDS',
  'TERMS_NOT_ACCEPTED',
  // existence / access (denials that must not leak existence answer as not found)
  'ORDER_NOT_FOUND',
  'BUYER_ORDER_NOT_FOUND',
  'RIDER_ORDER_NOT_FOUND',
  'SELLER_NOT_FOUND',
  'RIDER_NOT_FOUND',
  'REFUND_NOT_FOUND',
  'PAYOUT_NOT_FOUND',
  'CONTACT_NOT_FOUND',
  'FORBIDDEN',
  // state machine
  'TRANSITION_NOT_ALLOWED',
  'PAYMENT_NOT_CONFIRMED',
  'PAYMENT_ALREADY_CONFIRMED',
  'MPESA_RECEIPT_ALREADY_USED',
  'PAYMENT_NOT_VERIFIED',
  'MPESA_NOT_CONFIGURED',
  'PAYMENT_UNVERIFIED',
  'RIDER_NOT_ACCEPTED',
  'RIDER_ALREADY_ASSIGNED',
  'RIDER_NOT_IN_SELLER_LIST',
  'PICKUP_PHOTO_REQUIRED',
  'WRONG_DELIVERY_CODE',
  'DELIVERY_CODE_LOCKED',
  'UNLOCK_LIMIT_REACHED',
  'CODE_RENEWAL_LIMIT_REACHED',
  'DELIVERY_CODE_NEEDED',
  'ALREADY_SETTLED',
  'PAYOUT_NOT_RETRYABLE',
  'PAYOUTS_NOT_CONFIGURED',
  'REFUND_ALREADY_REQUESTED',
  'REFUND_ALREADY_RESOLVED',
  // a reference of money going out (refund, settlement, payout) is recorded once (decision 0050)
  'REFERENCE_ALREADY_USED',
  'REFERENCE_IS_A_PAYMENT',
  'CONTACT_ALREADY_RESOLVED',
  'FEEDBACK_ALREADY_SUBMITTED',
  'FEEDBACK_NOT_ALLOWED',
  'CONCURRENT_UPDATE',
  // accounts (sign-up, sign-in, password reset, seller profile)
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'EMAIL_ALREADY_REGISTERED',
  'CURRENT_PASSWORD_INCORRECT',
  'INVALID_RESET_CODE',
  'RESET_CODE_EXPIRED',
  'RESET_CODE_LOCKED',
  'SELLER_ALREADY_EXISTS',
  'ACCOUNT_NOT_FOUND',
  'PASSWORD_NOT_SET',
  // sign in with Google (decision 0060)
  'OAUTH_STATE_INVALID',
  'OAUTH_CANCELLED',
  'OAUTH_PROVIDER_UNAVAILABLE',
  'OAUTH_SIGN_IN_FAILED',
  'OAUTH_EMAIL_NOT_VERIFIED',
  'OAUTH_ADMIN_NOT_ALLOWED',
  'OAUTH_LINKED_TO_ANOTHER',
  // riders proving their phone (PRODUCT-DECISIONS, Real money)
  'RIDER_PHONE_NOT_VERIFIED',
  'INVALID_RIDER_CODE',
  'RIDER_CODE_EXPIRED',
  'RIDER_CODE_LOCKED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DomainError {
  readonly code: ErrorCode;
  /** Developer-facing detail; the user-facing text comes from the message catalogue. */
  readonly detail?: string;
  /** For VALIDATION_FAILED: the first failing user-facing message (spec section 5). */
  readonly message?: string;
  /** For WRONG_DELIVERY_CODE, INVALID_RESET_CODE and INVALID_RIDER_CODE: how many tries are left. */
  readonly attemptsLeft?: number;
}

export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = (
  code: ErrorCode,
  extra: Omit<DomainError, 'code'> = {},
): { readonly ok: false; readonly error: DomainError } => ({ ok: false, error: { code, ...extra } });

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
