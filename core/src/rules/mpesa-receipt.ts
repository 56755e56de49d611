/**
 * The 10-letter/digit transaction code of an M-Pesa SMS, e.g. NLJ7RT61SV: the receipt a buyer
 * types, and the reference an admin records for money sent by hand. Upper case: callers
 * upper-case what was typed before they test it.
 */
export const MPESA_RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

export function isMpesaReceipt(value: unknown): value is string {
  return typeof value === 'string' && MPESA_RECEIPT_PATTERN.test(value);
}
