import type { PayoutMethod } from './admin-types.ts';

/** Spec section 2: direct_mpesa as M-Pesa, paybill as Paybill, till_number as Till Number (the spec's 'none' is never stored: no method is null, shown as '-'). */
export const PAYMENT_METHOD_LABELS: Record<PayoutMethod, string> = { direct_mpesa: 'M-Pesa', paybill: 'Paybill', till_number: 'Till Number' };

/** Where a seller's payout goes, as the admin sends it ('M-Pesa 0712 345 678'); null when there is nowhere saved. */
export function payoutDestination(method: PayoutMethod | null, number: string | null): string | null {
  if (method === null || !number) return null;
  return `${PAYMENT_METHOD_LABELS[method]} ${number}`;
}
