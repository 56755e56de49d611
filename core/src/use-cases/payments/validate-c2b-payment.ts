import type { Cents } from '../../money/cents.js';
import { normalizeAccountReference } from '../../payments/c2b-payment.js';
import type { EscrowDeps } from '../deps.js';
import { c2bMismatch } from './record-c2b-payment.js';

/** Daraja's C2B validation codes: C2B00012 invalid account number, C2B00013 invalid amount. */
export type C2bValidation = { readonly accept: true } | { readonly accept: false; readonly code: 'C2B00012' | 'C2B00013'; readonly reason: string };

/**
 * C2B validation (when Safaricom enables it for our shortcode): refuse a payment before the
 * payer's money moves when its account number names no payable order or it is short, so the
 * money never lands in the unmatched list. A read only; the confirmation does the writing.
 */
export async function validateC2bPayment(deps: EscrowDeps, payment: { billRefNumber: string; amount: Cents }): Promise<C2bValidation> {
  const order = await deps.store.read((tx) => tx.orders.findByTrackingNumber(normalizeAccountReference(payment.billRefNumber)));
  const mismatch = c2bMismatch(order, payment.amount);
  if (!mismatch) return { accept: true };
  return { accept: false, code: order && mismatch.startsWith('short') ? 'C2B00013' : 'C2B00012', reason: mismatch };
}
