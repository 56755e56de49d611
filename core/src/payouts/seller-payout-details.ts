import type { PayoutDestination } from '../ports/payout-gateway.js';
import type { PayoutDetailsChoice, PayoutDetailsMethod } from '../validation/seller-payout-details.js';
import type { SellerPayoutMethod } from '../validation/payment-number.js';

/** Payouts to details changed less than this long ago wait (product decisions: payout details are guarded). */
export const PAYOUT_DETAILS_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * Where a seller is paid (decision 0049), as stored: the chosen method, its number(s) and when
 * they were last changed. Only the chosen method's fields are set. A Paybill may lack its
 * account reference: sellers from before migration 0017 gave only the business number.
 */
export interface SellerPayoutDetails extends PayoutDetailsChoice {
  /** Null: never changed since sign-up (or since before migration 0017): no hold. */
  readonly changedAt: Date | null;
}

/** What a payout to this seller may do now; see `sellerPayoutDestination`. */
export type SellerPayoutDestination =
  | {
      readonly destination: PayoutDestination;
      /** Changed less than 24 hours ago: no payout to `destination` before this time. */
      readonly heldUntil: Date | null;
    }
  | {
      /** The details are not enough to pay: the seller must complete them first (a Paybill without its account). */
      readonly destination: null;
      readonly heldUntil: null;
      readonly missing: 'paybill_account_reference';
    };

/** When payouts to the seller's current details may start; null when they already may. */
export function payoutDetailsHeldUntil(details: Pick<SellerPayoutDetails, 'changedAt'>, now: Date): Date | null {
  if (details.changedAt === null) return null;
  const until = new Date(details.changedAt.getTime() + PAYOUT_DETAILS_HOLD_MS);
  return until.getTime() > now.getTime() ? until : null;
}

/**
 * Where a payout to this seller goes and until when it must wait (decision 0049): the payout
 * port's destination (the phone in E.164, like the rider's and the payer's: the Daraja adapter
 * sends it as `2547XXXXXXXX`), and `heldUntil` = the
 * change + 24 hours while that is still ahead of `now`, else null. Never the business phone:
 * only the payout details, which change only with the password. A Paybill without its account
 * reference gives no destination (`missing`): nothing is paid until the seller adds it.
 */
export function sellerPayoutDestination(seller: { readonly payoutDetails: SellerPayoutDetails }, now: Date): SellerPayoutDestination {
  const details = seller.payoutDetails;
  const destination = payoutDestinationOf(details);
  if (destination === null) return { destination: null, heldUntil: null, missing: 'paybill_account_reference' };
  return { destination, heldUntil: payoutDetailsHeldUntil(details, now) };
}

function payoutDestinationOf(details: PayoutDetailsChoice): PayoutDestination | null {
  // The stored row satisfies a CHECK that the chosen method's number is there (migration 0017);
  // a missing one here is a broken record, not a seller's choice.
  const required = (value: string | null, what: string): string => {
    if (value === null || value === '') throw new RangeError(`seller payout details: ${details.method} without its ${what}`);
    return value;
  };
  switch (details.method) {
    case 'mpesa_phone':
      return { kind: 'mpesa_phone', msisdn: required(details.phone, 'phone') };
    case 'paybill':
      if (details.accountReference === null || details.accountReference === '') return null;
      return { kind: 'paybill', businessNumber: required(details.paybillNumber, 'business number'), accountReference: details.accountReference };
    case 'till':
      return { kind: 'till', tillNumber: required(details.tillNumber, 'till number') };
  }
}

/** True when the two name the same destination (a form saved again unchanged is no change). */
export function samePayoutDetails(a: PayoutDetailsChoice, b: PayoutDetailsChoice): boolean {
  return a.method === b.method && a.phone === b.phone && a.paybillNumber === b.paybillNumber && a.accountReference === b.accountReference && a.tillNumber === b.tillNumber;
}

/**
 * The spec's `payment_method` / `payment_number` for the same destination: the sellers table of
 * the admin screen and the admin's settlement list read these, so they follow every guarded change.
 */
export function legacyPaymentFields(details: PayoutDetailsChoice): { paymentMethod: SellerPayoutMethod; paymentNumber: string } {
  switch (details.method) {
    case 'mpesa_phone':
      return { paymentMethod: 'direct_mpesa', paymentNumber: details.phone ?? '' };
    case 'paybill':
      return { paymentMethod: 'paybill', paymentNumber: details.paybillNumber ?? '' };
    case 'till':
      return { paymentMethod: 'till_number', paymentNumber: details.tillNumber ?? '' };
  }
}

/**
 * The payout details a new seller starts with, from the sign-up form's method and number (in
 * their stored form). A Paybill starts without its account reference: the sign-up form has no
 * field for it, so the seller adds it under Payout details before the first payout.
 */
export function payoutDetailsFromSignup(paymentMethod: SellerPayoutMethod, paymentNumber: string): SellerPayoutDetails {
  const none = { phone: null, paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null };
  const method: PayoutDetailsMethod = paymentMethod === 'direct_mpesa' ? 'mpesa_phone' : paymentMethod === 'paybill' ? 'paybill' : 'till';
  if (method === 'mpesa_phone') return { ...none, method, phone: paymentNumber };
  if (method === 'paybill') return { ...none, method, paybillNumber: paymentNumber };
  return { ...none, method, tillNumber: paymentNumber };
}
