import type { DomainError, ErrorCode } from '../errors.js';
import { catalogue } from './catalogue.js';

const { auth, seller, buyer, rider, validation, errors, passwordChange, accounts } = catalogue;

/**
 * The text a user sees for each error code. A `Record` over `ErrorCode`, so adding a code
 * without a message fails the typecheck. Denials that must not reveal whether an order
 * exists reuse the not-found texts (product decisions: access).
 */
const MESSAGE_BY_CODE: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: errors.checkTheForm,
  INVALID_AMOUNT: errors.invalidAmount,
  INVALID_PHONE: validation.phone.invalid,
  INVALID_DELIVERY_CODE_FORMAT: validation.deliveryCode.entryInvalid,
  INVALID_STATUS: errors.invalidStatus,
  DELIVERY_COST_EXCEEDS_PROCEEDS: errors.deliveryCostExceedsProceeds,
  TERMS_NOT_ACCEPTED: buyer.termsNotAccepted,
  ORDER_NOT_FOUND: seller.orderNotFound,
  BUYER_ORDER_NOT_FOUND: buyer.orderNotFoundOrInvalidCode,
  RIDER_ORDER_NOT_FOUND: rider.orderNotFoundOrNotAssigned,
  SELLER_NOT_FOUND: seller.sellerNotFound,
  RIDER_NOT_FOUND: errors.riderNotFound,
  REFUND_NOT_FOUND: errors.refundNotFound,
  PAYOUT_NOT_FOUND: errors.payoutNotFound,
  CONTACT_NOT_FOUND: errors.contactNotFound,
  FORBIDDEN: errors.forbidden,
  TRANSITION_NOT_ALLOWED: errors.transitionNotAllowed,
  PAYMENT_NOT_CONFIRMED: errors.paymentNotConfirmed,
  PAYMENT_ALREADY_CONFIRMED: errors.paymentAlreadyConfirmed,
  MPESA_RECEIPT_ALREADY_USED: errors.mpesaReceiptAlreadyUsed,
  // The spec's own text for a payment that could not be verified.
  PAYMENT_NOT_VERIFIED: buyer.confirmPaymentFailed,
  MPESA_NOT_CONFIGURED: errors.mpesaNotConfigured,
  PAYMENT_UNVERIFIED: errors.paymentUnverified,
  RIDER_NOT_ACCEPTED: errors.riderNotAccepted,
  RIDER_ALREADY_ASSIGNED: errors.riderAlreadyAssigned,
  // A rider outside the seller's list is told what any stranger is told.
  RIDER_NOT_IN_SELLER_LIST: rider.orderNotFoundOrNotAssigned,
  PICKUP_PHOTO_REQUIRED: rider.uploadPickupPhoto,
  WRONG_DELIVERY_CODE: rider.invalidDeliveryCode,
  DELIVERY_CODE_LOCKED: errors.deliveryCodeLocked,
  UNLOCK_LIMIT_REACHED: errors.unlockLimitReached,
  CODE_RENEWAL_LIMIT_REACHED: errors.codeRenewalLimitReached,
  DELIVERY_CODE_NEEDED: errors.deliveryCodeNeeded,
  ALREADY_SETTLED: errors.alreadySettled,
  PAYOUT_NOT_RETRYABLE: errors.payoutNotRetryable,
  PAYOUTS_NOT_CONFIGURED: errors.payoutsNotConfigured,
  REFUND_ALREADY_REQUESTED: errors.refundAlreadyRequested,
  REFUND_ALREADY_RESOLVED: errors.refundAlreadyResolved,
  REFERENCE_ALREADY_USED: errors.referenceAlreadyUsed,
  REFERENCE_IS_A_PAYMENT: errors.referenceIsAPayment,
  CONTACT_ALREADY_RESOLVED: errors.contactAlreadyResolved,
  FEEDBACK_ALREADY_SUBMITTED: errors.feedbackAlreadySubmitted,
  FEEDBACK_NOT_ALLOWED: errors.feedbackNotAllowed,
  CONCURRENT_UPDATE: errors.concurrentUpdate,
  UNAUTHENTICATED: accounts.signInRequired,
  INVALID_CREDENTIALS: accounts.invalidCredentials,
  EMAIL_ALREADY_REGISTERED: accounts.emailAlreadyRegistered,
  CURRENT_PASSWORD_INCORRECT: passwordChange.currentPasswordIncorrect,
  INVALID_RESET_CODE: auth.invalidCode,
  RESET_CODE_EXPIRED: auth.codeExpired,
  RESET_CODE_LOCKED: accounts.resetCodeLocked,
  SELLER_ALREADY_EXISTS: accounts.sellerAlreadyExists,
  ACCOUNT_NOT_FOUND: accounts.accountNotFound,
  PASSWORD_NOT_SET: accounts.passwordNotSet,
  OAUTH_STATE_INVALID: accounts.googleStateInvalid,
  OAUTH_CANCELLED: accounts.googleCancelled,
  OAUTH_PROVIDER_UNAVAILABLE: accounts.googleUnavailable,
  OAUTH_SIGN_IN_FAILED: accounts.googleFailed,
  OAUTH_EMAIL_NOT_VERIFIED: accounts.googleEmailNotVerified,
  OAUTH_ADMIN_NOT_ALLOWED: accounts.googleAdminNotAllowed,
  OAUTH_LINKED_TO_ANOTHER: accounts.googleLinkedToAnother,
  RIDER_PHONE_NOT_VERIFIED: rider.phoneNotVerified,
  // The spec's own texts for a code that is wrong or old (section 8, reset codes).
  INVALID_RIDER_CODE: auth.invalidCode,
  RIDER_CODE_EXPIRED: auth.codeExpired,
  RIDER_CODE_LOCKED: accounts.resetCodeLocked,
};

/**
 * The message to show for a domain error. A validation error carries the first failing
 * field message itself (spec section 5), so that one is passed through; `detail` is for
 * developers and never shown. A code this build does not know (e.g. sent by a newer
 * server) gets a generic text rather than `undefined`.
 */
export function messageFor(error: DomainError): string {
  if (error.code === 'VALIDATION_FAILED' && error.message) return error.message;
  return Object.hasOwn(MESSAGE_BY_CODE, error.code) ? MESSAGE_BY_CODE[error.code] : errors.unexpected;
}
