import { stkResultMessages } from '../payments/stk-result.js';

/**
 * The texts the server writes into its answers besides the catalogue's (issue 19): a refund's,
 * a payout's and an M-Pesa prompt's state in the reader's words, and the short answers of a
 * few changes. English, as the views build them; `{name}` is a value the view puts in
 * (`fillText`), the same in every language (an amount, a masked phone, a receipt, a Nairobi
 * time). The Swahili is `viewTextsSw` (view-texts-sw.ts), typed to these keys; the API gives
 * them in the request's language (decision 0067).
 */
export const viewTexts = {
  /** The buyer's page while the Paybill is not set up (views/buyer-order-view.ts). */
  payment: {
    detailsNotConfigured: 'Payment details are not configured yet. Please do not pay until the seller or support confirms the Paybill number.',
  },
  /** A paid order that was cancelled: where the buyer's money is (views/buyer-order-view.ts). */
  refund: {
    refundedByHand: 'Your payment of {amount} was refunded.',
    sent: 'Your refund of {amount} was sent to your M-Pesa.',
    sentToPhone: 'Your refund of {amount} was sent to your M-Pesa ({phone}).',
    sentWithReceipt: 'Your refund of {amount} was sent to your M-Pesa. M-Pesa receipt: {receipt}.',
    sentToPhoneWithReceipt: 'Your refund of {amount} was sent to your M-Pesa ({phone}). M-Pesa receipt: {receipt}.',
    delayed: 'Your refund of {amount} is delayed. We are sorting it out and will send you an SMS when it is sent.',
    onItsWay: 'Your refund of {amount} is on its way to your M-Pesa.',
    onItsWayToPhone: 'Your refund of {amount} is on its way to your M-Pesa ({phone}).',
  },
  /** The seller's payout of an order (views/seller-order-view.ts). */
  payout: {
    paid: 'Paid to your M-Pesa.',
    paidWithReceipt: 'Paid to your M-Pesa: receipt {receipt}.',
    delayed: 'Your payout is delayed. We are sorting it out with M-Pesa and will tell you when it is sent.',
    awaitingApproval: 'Your payout is waiting for approval.',
    onItsWay: 'Your payout is on its way to your M-Pesa.',
    waitsForPaybillAccount: 'Your payout waits for the account number of your Paybill: add it under Payout details in your profile.',
    heldForNewDetails: 'Your payout is held until {until} (Nairobi time): your payout details changed less than 24 hours ago.',
  },
  /** The M-Pesa prompt's state on the buyer's page (payments/stk-result.ts). */
  mpesaPrompt: stkResultMessages,
  /** Answers of the buyer's, rider's and seller's changes (apps/api/src/features). */
  answers: {
    codeSent: 'Code sent to {phone}.',
    refundRequested: 'Your refund request was sent. An admin will review it and contact you.',
    buyerRejected: 'Recorded that the buyer rejected the item. An admin will review the refund.',
    orderCancelled: 'Order cancelled',
    riderAssigned: 'Rider assigned. Send the rider link to your rider.',
    codeUnlocked: 'Delivery code entry unlocked',
  },
  /** Answers of an admin's changes (apps/api/src/features/admin/*-routes.ts). */
  adminAnswers: {
    payoutApproved: 'Payout approved. It goes to M-Pesa as soon as it is due; the order settles when M-Pesa confirms.',
    refundRecorded: 'Refund recorded. The order is cancelled.',
    refundRejected: 'Refund request rejected',
    refundByMpesa: 'Refund approved. M-Pesa is sending it to the phone that paid; the order is cancelled.',
    paymentAttached: 'Payment attached. The order is paid.',
    paymentRefunded: 'Refund recorded for this payment.',
    payoutRetried: 'Payout queued again. M-Pesa will be asked to pay it with a new request.',
    payoutRecorded: 'M-Pesa reference recorded. The payout is marked as paid by hand.',
  },
  /** Refusals a buyer, rider or seller may read that no form rule of the shared schemas gives (the server's own checks). */
  refusals: {
    notAnImage: 'Please upload an image file (JPEG, PNG, WebP or GIF)',
    photoEmpty: 'The photo is empty',
    photoTooLarge: 'The photo can be at most 10 MB',
    photosTooLarge: 'The photos can be at most 10 MB each',
    uploadUnreadable: 'The upload could not be read. Please try again.',
    formUnreadable: 'The form could not be read. Please try again.',
    requestTooSlow: 'The request took too long to arrive. Please try again.',
    requestTooLarge: 'The request is too large',
    choosePaymentMethod: 'Choose a payment method',
    chooseWhoPaysDelivery: 'Choose who pays for delivery',
    pinLocationUrl: 'Pin location must be a valid URL',
    sayWhetherPaid: 'Say whether the payment was received',
    paymentIssueTooLong: 'The description can be at most 1000 characters',
    cancelReasonTooLong: 'The reason must be at most 500 characters',
    noPayerPhone: 'We have no phone number for the payment. Type the M-Pesa receipt from your payment SMS on this page to see the code.',
    notFound: 'Not found',
  },
} as const;

export type ViewTexts = typeof viewTexts;

/** A text with its `{name}` placeholders filled: `fillText('Code sent to {phone}.', { phone })`. */
export function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
