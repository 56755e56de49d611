import type { AdminPayout, PayoutMode, PayoutState } from '../../shared/admin-types.ts';

export const PURPOSE_LABELS: Record<AdminPayout['purpose'], string> = { seller: 'Seller payout', rider: 'Rider payout', refund: 'Refund' };

/** Waiting on M-Pesa or on the worker: the state changes without anyone acting, so screens re-read. */
const MOVING: readonly PayoutState[] = ['queued', 'sending', 'sent', 'unknown'];
export const isMoving = (payout: Pick<AdminPayout, 'state'>): boolean => MOVING.includes(payout.state);

/** How a state looks (the badge's colour): paid, failed, with M-Pesa, or waiting for a person or the worker. */
export function stateTone(state: PayoutState): 'paid' | 'failed' | 'moving' | 'waiting' {
  if (state === 'succeeded' || state === 'recorded') return 'paid';
  if (state === 'failed') return 'failed';
  if (state === 'sending' || state === 'sent' || state === 'unknown') return 'moving';
  return 'waiting';
}

/** The payouts of a delivered order's settlement (a refund is the buyer's, not the settlement's). */
export const settlementPayouts = (payouts: readonly AdminPayout[] | undefined): readonly AdminPayout[] => (payouts ?? []).filter((p) => p.purpose !== 'refund');

export const MODE_TEXT: Record<PayoutMode, string> = {
  automatic: 'Payouts go by M-Pesa as soon as an order is delivered. A failed one waits here for Retry.',
  approval: "Payouts go by M-Pesa once an admin approves them ('Approve payout' on a delivered order). A failed one waits here for Retry.",
  manual: 'Payouts by M-Pesa are off on this server: pay sellers and riders by hand, then Mark Paid with the M-Pesa reference.',
};
