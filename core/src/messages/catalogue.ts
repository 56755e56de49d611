import { validationMessages } from '../validation/messages.js';

const v = validationMessages;

/**
 * Every user-facing text, in one place (house convention 5). The groups follow spec
 * section 8; its strings are verbatim and must stay so, since users, support scripts and
 * tests quote them. Where a string also appears in section 5 it is taken from
 * `validationMessages`, so a schema and a toast can never drift apart.
 *
 * `errors` holds texts the spec does not have, for the rules added by the product
 * decisions (locked codes, used M-Pesa codes, refunds, races), written in the spec's voice.
 */
export const catalogue = {
  auth: {
    authenticationFailed: 'Authentication failed',
    databaseError: 'Database error. Please try again.',
    invalidCode: 'Invalid code. Please check and try again.',
    codeExpired: 'Code has expired. Please request a new one.',
    verificationFailed: 'Verification failed',
    invalidOrExpiredCode: 'Invalid or expired code',
    resetPasswordFailed: 'Failed to reset password',
    passwordsDoNotMatch: v.password.mismatch,
    resetCodeSent: 'Reset code sent! Check your email.',
    signedIn: 'Signed in successfully!',
    accountCreated: 'Account created! Check your email to verify your account.',
    codeVerified: 'Code verified! Set your new password.',
    passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  },
  seller: {
    termsNotAccepted: v.seller.termsRequired,
    createProfileFailed: 'Failed to create profile',
    fillInAllFields: v.rider.fieldsRequired,
    addRiderFailed: 'Failed to add rider',
    deleteRiderFailed: 'Failed to delete rider',
    sellerNotFound: 'Seller not found',
    createOrderFailed: 'Failed to create order',
    orderNotFound: 'Order not found',
    addNewRiderFailed: 'Failed to add new rider',
    assignRiderFailed: 'Failed to assign rider',
    removeRiderFailed: 'Failed to remove rider',
    selectOrAddRider: v.rider.selectOrAdd,
    profileCreated: 'Profile created successfully!',
    riderAdded: 'Rider added successfully',
    riderRemoved: 'Rider removed',
    orderCreated: 'Order created successfully!',
    // The spec names "link-copied messages" without quoting them.
    buyerLinkCopied: 'Buyer link copied!',
    sellerLinkCopied: 'Seller link copied!',
    // Spec section 4: the notification when a buyer's payment is confirmed.
    assignRiderToProceed: 'Assign a rider to proceed',
  },
  buyer: {
    rateBoth: v.feedback.ratingsRequired,
    submitFeedbackFailed: 'Failed to submit feedback',
    deliveryCodeRequired: 'Delivery code required to view order',
    orderNotFoundOrInvalidCode: 'Order not found or invalid delivery code',
    loadOrderFailed: 'Failed to load order',
    confirmPaymentFailed: 'Failed to confirm payment. Please verify your payment details.',
    paymentConfirmationFailed: 'Payment confirmation failed. Please contact support.',
    termsNotAccepted: v.buyer.termsRequired,
    deliveryCodeNotFound: v.buyer.deliveryCodeMissing,
    paymentConfirmed: 'Payment confirmed! The seller will assign a rider soon.',
    // A typed receipt M-Pesa has not confirmed (yet): a claim, not money (PRODUCT-DECISIONS, Real money).
    paymentBeingVerified: 'Thank you. Your payment is being verified with M-Pesa; this page updates by itself once it is confirmed.',
    feedbackThanks: 'Thank you for your feedback!',
  },
  rider: {
    phoneNumberRequired: 'Rider phone number required',
    orderNotFoundOrNotAssigned: 'Order not found or not assigned to you',
    loadAvailableJobsFailed: 'Failed to load available jobs',
    acceptJobFailed: 'Failed to accept job',
    confirmPickupFailed: 'Failed to confirm pickup',
    completeDeliveryFailed: 'Failed to complete delivery',
    invalidDeliveryCode: v.deliveryCode.mismatch,
    submitConfirmationFailed: 'Failed to submit confirmation',
    uploadPickupPhoto: v.rider.pickupPhotoRequired,
    enterPhoneNumber: v.rider.phoneRequired,
    jobAccepted: 'Job accepted! Please proceed to pickup location.',
    pickupConfirmed: 'Pickup confirmed! Delivery started.',
    deliveryCompleted: 'Delivery completed successfully!',
    paymentConfirmationRecorded: 'Payment confirmation recorded',
    issueReported: 'Issue reported. Admin will review it.',
    // Riders prove their phone with a code sent by SMS (PRODUCT-DECISIONS, Real money); the
    // spec has no such step, so these are in its voice. The same answer for any number, so
    // the page never tells who is on a seller's rider list.
    phoneCodeSent: "If this number is on a seller's rider list, a code is on its way.",
    phoneNotVerified: 'Please confirm your phone number with the code we send you by SMS.',
    phoneVerified: 'Phone number confirmed.',
    enterPhoneCode: v.rider.phoneCodeInvalid,
    sendPhoneCodeFailed: 'Failed to send the code. Please try again.',
    verifyPhoneCodeFailed: 'Failed to check the code. Please try again.',
    signedOutOfPhone: 'This phone number is no longer remembered on this device.',
  },
  admin: {
    accessDenied: 'Access denied. Admin privileges required.',
    fillInAllPaymentInformation: v.paymentConfig.fieldsRequired,
    updatePaymentInformationFailed: 'Failed to update payment information',
    updateNotificationsFailed: 'Failed to update notification settings',
    // Decision 0049: where payouts go, changed only with the password.
    payoutDetailsUpdated: 'Payout details updated. We emailed you; payouts to them start after 24 hours.',
    updatePayoutDetailsFailed: 'Failed to update payout details',
    updateContactFailed: 'Failed to update contact',
    confirmSettlementFailed: 'Failed to confirm settlement',
    updatePaymentConfigurationFailed: 'Failed to update payment configuration',
    settlementConfirmed: 'Settlement confirmed! Payment marked as sent to seller and rider.',
    contactResolved: 'Contact marked as resolved',
    dataExported: 'Data exported successfully!',
    paymentConfigurationUpdated: 'Payment configuration updated successfully!',
    loggedOut: 'Logged out successfully',
  },
  contact: {
    sentTitle: 'Message Sent!',
    sentDescription: "We'll get back to you as soon as possible.",
    validationErrorTitle: 'Validation Error',
    errorTitle: 'Error',
    sendFailed: 'Failed to send message. Please try again.',
    tooManyMessages: 'You have sent several messages in a short time. Please wait a while and try again.',
  },
  passwordChange: {
    currentPasswordIncorrect: 'Current password is incorrect',
    noUserFound: 'No user found',
    passwordUpdated: 'Password updated successfully',
    updatePasswordFailed: 'Failed to update password',
    newPasswordsDontMatch: v.password.changeMismatch,
  },
  sellerProfile: {
    businessDetailsUpdated: 'Business details updated!',
    logoUploaded: 'Logo uploaded successfully!',
    logoRemoved: 'Logo removed!',
    aboutUpdated: 'About section updated!',
    paymentInformationUpdated: 'Payment information updated successfully!',
    notificationsUpdated: 'Notification settings updated!',
    updateFailed: 'Failed to update',
    uploadLogoFailed: 'Failed to upload logo',
    removeLogoFailed: 'Failed to remove logo',
    updatePaymentInformationFailed: 'Failed to update payment information',
    updateNotificationsFailed: 'Failed to update notification settings',
    // Decision 0049: where payouts go, changed only with the password.
    payoutDetailsUpdated: 'Payout details updated. We emailed you; payouts to them start after 24 hours.',
    updatePayoutDetailsFailed: 'Failed to update payout details',
    fillInAllPaymentFields: v.seller.paymentFieldsRequired,
  },
  notFound: {
    pageNotFound: 'Page not found',
    returnToHome: 'Return to Home',
  },
  errors: {
    checkTheForm: v.common.invalidInput,
    invalidAmount: 'Enter an amount in KSh, from 0 to 10,000,000 with at most 2 decimals',
    invalidStatus: 'Invalid order status',
    deliveryCostExceedsProceeds:
      'The delivery cost cannot be more than the price minus the service fee, because the seller pays delivery from the proceeds',
    riderNotFound: 'Rider not found',
    refundNotFound: 'Refund request not found',
    payoutNotFound: 'Payout not found',
    contactNotFound: 'Contact message not found',
    forbidden: 'Access denied. You do not have permission to do this.',
    transitionNotAllowed: 'This cannot be done at the current stage of the order. Please refresh and try again.',
    paymentNotConfirmed: "The buyer's payment has not been confirmed yet",
    paymentAlreadyConfirmed: 'Payment for this order has already been confirmed',
    mpesaReceiptAlreadyUsed: 'This M-Pesa confirmation code has already been used for another order',
    riderNotAccepted: 'Please accept the job before confirming pickup',
    riderAlreadyAssigned: 'This job has already been taken by another rider',
    deliveryCodeLocked:
      'Too many wrong delivery codes were entered. Code entry is locked until the seller unlocks it.',
    unlockLimitReached:
      'Code entry has already been unlocked 3 times for this order. The buyer can ask for a new code on their order page, or an admin can refund the order.',
    codeRenewalLimitReached:
      'A new code has already been sent 3 times for this order, and code entry is locked again. Ask for a refund on this page, or contact us: an admin will resolve the order.',
    deliveryCodeNeeded: 'Only the buyer who paid can do this. Open this page on the phone you paid with, or type the delivery code from the payment SMS.',
    alreadySettled: 'This order has already been settled',
    payoutNotRetryable: 'This payout can not be retried now: only a failed payout can be sent again',
    payoutsNotConfigured: 'M-Pesa payouts are not set up on this deployment: pay by hand and record the M-Pesa reference',
    refundAlreadyRequested: 'A refund has already been requested for this order',
    refundAlreadyResolved: 'This refund request has already been resolved',
    // Money going out: one M-Pesa transaction is one payout or refund (decision 0050).
    referenceAlreadyUsed: 'This M-Pesa reference is already recorded for another payout or refund. Check the reference in the M-Pesa message and enter it again.',
    referenceIsAPayment: "This M-Pesa reference is a buyer's payment into an order, not a payout or refund. Enter the reference of the money you sent.",
    contactAlreadyResolved: 'This contact message has already been marked as resolved',
    feedbackAlreadySubmitted: 'Feedback has already been submitted for this order',
    feedbackNotAllowed: 'Feedback can be given once the order has been delivered',
    concurrentUpdate: 'This order was changed at the same moment by someone else. Please try again.',
    unexpected: 'Something went wrong. Please try again.',
    paymentUnverified: "This order's payment has not been verified with M-Pesa, so no money can be paid out or refunded for it.",
    mpesaNotConfigured: 'Paying by M-Pesa prompt is not available right now. Please pay the Paybill shown and enter your M-Pesa confirmation code.',
    // An infrastructure failure (the database or the disk), answered 503: nothing was wrong with the request.
    serviceUnavailable: 'Service temporarily unavailable. Please try again.',
  },
  // Accounts texts the spec does not quote (product decisions: sessions, reset-code tries,
  // rate limits), in the spec's voice.
  accounts: {
    signInRequired: 'Please sign in to continue',
    invalidCredentials: 'Invalid email or password',
    emailAlreadyRegistered: 'An account with this email already exists. Please sign in.',
    resetCodeLocked: 'Too many wrong codes were entered. Please request a new code.',
    sellerAlreadyExists: 'You already have a seller profile',
    accountNotFound: 'No account was found with this email',
    crossSiteRequest: 'This request did not come from this site and was refused. Please reload the page and try again.',
    signedOut: 'Signed out',
    noSellerProfile: 'Please complete your seller profile first',
    passwordNotSet: "Your account has no password yet (you sign in with Google). Set one with 'Forgot password?' on the sign-in page.",
    // Sign in with Google (decision 0060): where the sign-in ends, on /auth.
    googleStateInvalid: 'This Google sign-in expired or was already used. Please try again.',
    googleCancelled: 'Google sign-in was cancelled.',
    googleUnavailable: 'Google is not answering right now. Please try again in a few minutes, or sign in with your password.',
    googleFailed: 'Google sign-in could not be completed. Please try again.',
    googleEmailNotVerified: "Your Google account's email address is not verified. Verify it with Google, or sign in with your password.",
    googleAdminNotAllowed: 'Admin accounts sign in with their email and password, not with Google.',
    googleLinkedToAnother: 'This account is linked to a different Google account. Continue with that Google account, or sign in with your password.',
  },
  validation: validationMessages,
} as const;

export type Catalogue = typeof catalogue;

/**
 * The text of a 429: how long to wait before trying again, from the whole seconds of the
 * Retry-After it goes with (sign-in delays grow from 1 second; a spent budget lasts minutes).
 */
export function tooManyAttemptsMessage(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return `Too many attempts. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`;
  return `Too many attempts. Please wait ${Math.ceil(wait / 60)} minutes and try again.`;
}
