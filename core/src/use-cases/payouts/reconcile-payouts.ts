import { err, ok, type Result } from '../../errors.js';
import { cents, formatKsh } from '../../money/cents.js';
import { parseActor, type Actor } from '../../orders/actor.js';
import { IN_FLIGHT_STATES, type Payout } from '../../payouts/payout.js';
import { sendableAmount } from '../../payouts/payout-postings.js';
import type { EscrowDeps } from '../deps.js';

/** A payout in flight longer than this with no word from M-Pesa is shown to a person. */
export const STALE_IN_FLIGHT_MS = 24 * 60 * 60_000;

export interface PayoutMismatch {
  readonly payoutId: string | null;
  readonly orderId: string | null;
  /** What does not match, in words. */
  readonly problem: string;
}

export interface PayoutReconciliation {
  readonly checkedAt: Date;
  /** mpesa_clearing as moved by payout postings: what the ledger says is with M-Pesa. */
  readonly clearingInLedger: number;
  /** The whole shillings of the payouts in flight (sending, sent, unknown): what should be. */
  readonly inFlight: number;
  readonly payouts: { readonly total: number; readonly inFlight: number; readonly succeeded: number; readonly failed: number };
  /** Empty when the ledger, the payouts and what M-Pesa reported agree. */
  readonly unmatched: readonly PayoutMismatch[];
}

/**
 * Reconciliation of money out (issue 17): the ledger's mpesa_clearing (as payout postings moved
 * it) against the payouts M-Pesa has not yet answered; every paid payout has its own M-Pesa
 * receipt, used once, and M-Pesa paid the amount we asked; nothing has been in flight for a day
 * without an answer; nothing failed is left unseen. Read only; the admin screen and
 * `escrow-admin payouts reconcile` show it, and the API logs it daily.
 */
export async function reconcilePayouts(deps: Pick<EscrowDeps, 'store' | 'clock'>, args: { actor: Actor }): Promise<Result<PayoutReconciliation>> {
  if (parseActor(args.actor)?.kind !== 'admin') return err('FORBIDDEN');
  const now = deps.clock.now();
  return ok(
    await deps.store.read(async (tx) => {
      const figures = await tx.payouts.clearingFigures();
      const unmatched: PayoutMismatch[] = [];
      if (figures.clearingInLedger !== figures.inFlight) {
        unmatched.push({ payoutId: null, orderId: null, problem: `The ledger holds ${signedKsh(figures.clearingInLedger)} with M-Pesa for payouts, but the payouts in flight add up to ${signedKsh(figures.inFlight)}.` });
      }
      const open = await tx.payouts.list({ states: [...IN_FLIGHT_STATES, 'failed'], limit: 10_000 });
      for (const payout of open) {
        if (payout.state === 'failed') unmatched.push(mismatch(payout, `Failed and not paid: ${payout.problem ?? 'no reason given'}`));
        else if (now.getTime() - payout.updatedAt.getTime() > STALE_IN_FLIGHT_MS) unmatched.push(mismatch(payout, `With M-Pesa for over a day without a result: ${payout.problem ?? 'look it up in the M-Pesa portal'}`));
      }
      const paid = await tx.payouts.list({ states: ['succeeded'], limit: 10_000 });
      const byReceipt = new Map<string, Payout[]>();
      for (const payout of paid) {
        if (!payout.receipt) unmatched.push(mismatch(payout, 'Marked paid without an M-Pesa receipt.'));
        else byReceipt.set(payout.receipt, [...(byReceipt.get(payout.receipt) ?? []), payout]);
        if (payout.problem) unmatched.push(mismatch(payout, payout.problem));
      }
      for (const [receipt, same] of byReceipt) if (same.length > 1) for (const payout of same) unmatched.push(mismatch(payout, `M-Pesa receipt ${receipt} is recorded for ${same.length} payouts.`));
      return {
        checkedAt: now,
        clearingInLedger: figures.clearingInLedger,
        inFlight: figures.inFlight,
        payouts: { total: figures.total, inFlight: open.filter((p) => IN_FLIGHT_STATES.includes(p.state)).length, succeeded: paid.length, failed: open.filter((p) => p.state === 'failed').length },
        unmatched,
      };
    }),
  );
}

/** A ledger figure that may be negative when the books are wrong. */
const signedKsh = (value: number) => `${value < 0 ? '-' : ''}${formatKsh(cents(Math.abs(value)))}`;

const mismatch = (payout: Payout, problem: string): PayoutMismatch => ({ payoutId: payout.id, orderId: payout.orderId, problem });

/** What a paid report's amount says against what was asked (M-Pesa pays whole shillings). */
export function reportedAmountProblem(payout: Pick<Payout, 'amount'>, reported: number | null): string | null {
  if (reported === null) return null;
  const asked = sendableAmount(payout.amount);
  return reported === asked ? null : `M-Pesa reports paying ${formatKsh(cents(reported))}, but ${formatKsh(cents(asked))} was asked: check this payout in the M-Pesa portal.`;
}
