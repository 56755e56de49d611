import type { AdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPayout, PayoutState } from '../../shared/admin-types.ts';

/** What a payout is for ('Seller payout'), in the page's language. */
export const purposeLabel = (t: AdminT, purpose: AdminPayout['purpose']): string => t(`admin.payouts.purpose.${purpose}`);

/** A payout's state in the page's language (the view's `stateLabel` is the server's English: core's payoutStateLabel). */
export const stateLabel = (t: AdminT, state: PayoutState): string => t(`admin.payoutState.${state}`);

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
