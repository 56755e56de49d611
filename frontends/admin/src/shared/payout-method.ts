import type { AdminT } from '../i18n/use-admin-t.ts';
import type { PayoutMethod } from './admin-types.ts';

/** Spec section 2: direct_mpesa as M-Pesa, paybill as Paybill, till_number as Till Number (the spec's 'none' is never stored: no method is null, shown as '-'). */
export const paymentMethodLabel = (t: AdminT, method: PayoutMethod): string => t(`admin.method.${method}`);

/** Where a seller's payout goes, as the admin sends it ('M-Pesa 0712 345 678'); null when there is nowhere saved. */
export function payoutDestination(t: AdminT, method: PayoutMethod | null, number: string | null): string | null {
  if (method === null || !number) return null;
  return `${paymentMethodLabel(t, method)} ${number}`;
}
