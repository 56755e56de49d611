import { renewingEveryThird } from '../platform/lease-renewal.js';
import type { Clock } from '../ports/clock.js';
import type { JobLeases } from '../ports/stored-files.js';

/**
 * The background jobs every API process runs on a timer, and what their lease is called in
 * `JobLeases` (issue 22: N machines never run one job at once, a dead machine's job is taken
 * over). The file sweep's own lease is FILE_SWEEP_JOB.
 */
export const LEASED_JOBS = {
  /** Send due payouts, ask M-Pesa about open ones, settle paid ones (every few seconds). */
  payoutRound: 'payout-round',
  /** Query STK prompts with no final answer, ask about claims (every 15 s). */
  paymentReconciliation: 'payment-reconciliation',
  /** Compare payouts with M-Pesa's answers (daily, read only). */
  payoutReconciliationDaily: 'payout-reconciliation-daily',
  /** Delete expired idempotency keys, rider phone codes and proofs (hourly). */
  expiredRowsSweep: 'expired-rows-sweep',
  /** escrow-admin purge-inactive (an operator's cron, maybe on every machine). */
  purgeInactive: 'purge-inactive',
} as const;

/**
 * Runs `job` only if this holder takes the lease `name` for `maxMs`, renewed every third of it
 * while the job runs and released when it ends (fails included): while one process runs it, the
 * others skip; a holder that dies stops renewing, and the next caller takes over within `maxMs`.
 * A renewal that fails (the database unreachable for longer than the lease) lets a second run
 * start, so every job run this way stays safe to repeat (each step is a conditional write).
 */
export async function runLeased<T>(deps: { readonly leases: JobLeases; readonly clock: Clock }, args: { readonly name: string; readonly holder: string; readonly maxMs: number }, job: () => Promise<T>): Promise<{ readonly ran: true; readonly value: T } | { readonly ran: false }> {
  const now = deps.clock.now();
  const taken = await deps.leases.tryTake(args.name, { holder: args.holder, now, until: new Date(now.getTime() + args.maxMs) });
  if (!taken) return { ran: false };
  const stopRenewing = renewingEveryThird(args.maxMs, () => {
    const at = deps.clock.now();
    // A renewal that fails is not the job's failure: the lease then runs out and another may run it too.
    deps.leases.renew(args.name, { holder: args.holder, now: at, until: new Date(at.getTime() + args.maxMs) }).catch(() => undefined);
  });
  try {
    return { ran: true, value: await job() };
  } finally {
    stopRenewing();
    // A release that fails leaves the lease to run out: the job is only delayed, never doubled.
    await deps.leases.release(args.name, { holder: args.holder, now: deps.clock.now() }).catch(() => undefined);
  }
}

/**
 * Runs `job` at most once per `periodMs` across every process on the database: whoever takes the
 * period's lease runs it, and keeps it for the period (not released). A holder that dies mid-run
 * leaves that period's run undone: for a periodic sweep or a read-only report the next period
 * does it.
 */
export async function runOncePerPeriod<T>(deps: { readonly leases: JobLeases; readonly clock: Clock }, args: { readonly name: string; readonly holder: string; readonly periodMs: number }, job: () => Promise<T>): Promise<{ readonly ran: true; readonly value: T } | { readonly ran: false }> {
  const now = deps.clock.now();
  // A little under the period, so the holder's own next timer (which fires a period later, give or take) finds it free.
  const until = new Date(now.getTime() + Math.floor(args.periodMs * 0.95));
  const taken = await deps.leases.tryTake(args.name, { holder: args.holder, now, until });
  return taken ? { ran: true, value: await job() } : { ran: false };
}
