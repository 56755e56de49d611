import type { EscrowDeps, PayoutTiming } from '../deps.js';

/** How long a claimed payout may stay `sending` before it is treated as unknown (the process that claimed it died). */
export const SENDING_LEASE_MS = 2 * 60_000;
/** How long to wait for an accepted payout's Result before asking M-Pesa about it. */
export const RESULT_WAIT_MS = 5 * 60_000;
/** The wait before the first status query about a payout whose fate is open. */
export const FIRST_STATUS_CHECK_MS = 60_000;
/** After this many status queries without an answer that settles it, a person is asked to look. */
export const STATUS_CHECKS_BEFORE_ALERT = 6;

export const DEFAULT_PAYOUT_TIMING: PayoutTiming = { sendingLeaseMs: SENDING_LEASE_MS, resultWaitMs: RESULT_WAIT_MS, firstStatusCheckMs: FIRST_STATUS_CHECK_MS };

/** The deployment's payout timing: its settings, today's defaults for the rest. */
export function payoutTiming(deps: Pick<EscrowDeps, 'payouts'>): PayoutTiming {
  return { ...DEFAULT_PAYOUT_TIMING, ...deps.payouts?.timing };
}

/** The wait before the `n`th status query (n = 1, 2, ...): 1, 2, 5, 15, 30 minutes, then hourly (by default; scaled by `firstMs`). */
export function statusCheckDelayMs(n: number, firstMs = FIRST_STATUS_CHECK_MS): number {
  const times = [1, 2, 5, 15, 30][n - 1] ?? 60;
  return times * firstMs;
}

/** The wait before sending again after a refusal that may pass later: 1, 5, 15 minutes, then hourly. */
export function resendDelayMs(attempt: number): number {
  const minutes = [1, 5, 15][attempt - 1] ?? 60;
  return minutes * 60_000;
}
