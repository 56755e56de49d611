/** How long a claimed payout may stay `sending` before it is treated as unknown (the process that claimed it died). */
export const SENDING_LEASE_MS = 2 * 60_000;
/** How long to wait for an accepted payout's Result before asking M-Pesa about it. */
export const RESULT_WAIT_MS = 5 * 60_000;
/** After this many status queries without an answer that settles it, a person is asked to look. */
export const STATUS_CHECKS_BEFORE_ALERT = 6;

/** The wait before the `n`th status query (n = 1, 2, ...): 1, 2, 5, 15, 30 minutes, then hourly. */
export function statusCheckDelayMs(n: number): number {
  const minutes = [1, 2, 5, 15, 30][n - 1] ?? 60;
  return minutes * 60_000;
}

/** The wait before sending again after a refusal that may pass later: 1, 5, 15 minutes, then hourly. */
export function resendDelayMs(attempt: number): number {
  const minutes = [1, 5, 15][attempt - 1] ?? 60;
  return minutes * 60_000;
}
