import { LEASED_JOBS, reconcilePayments, reconcilePayouts, runLeased, runOncePerPeriod, runPayoutRound, type EscrowDeps, type JobLeases } from '@escrow/core';
import { createDarajaClient, DarajaMpesaGateway, DarajaPayoutGateway, mpesaCallbackUrls, type DarajaClient, type MpesaCallbackUrls } from '@escrow/mpesa-daraja';
import type { Config } from './config.js';
import type { Logger } from './http/logger.js';

export interface ComposedMpesa {
  readonly gateway: DarajaMpesaGateway;
  /** B2C/B2B payouts, when MPESA_PAYOUTS is automatic or approval (decision 0051). */
  readonly payouts?: { readonly gateway: DarajaPayoutGateway; readonly mode: 'automatic' | 'approval'; readonly timing?: NonNullable<Config['mpesa']>['payoutTiming'] };
  readonly client: DarajaClient;
  readonly callbackSecret: string;
  readonly callbackUrls: MpesaCallbackUrls;
}

/**
 * The Daraja gateway with its callback URLs under /api/payments/callbacks/<secret>/ (decisions
 * 0042, 0044), on the base Daraja reaches us at (MPESA_CALLBACK_BASE_URL, else PUBLIC_BASE_URL);
 * Transaction Status is on when an initiator is configured (MPESA_INITIATOR_NAME and
 * MPESA_SECURITY_CREDENTIAL), else claims wait for the C2B confirmation.
 */
export function composeMpesa(mpesa: NonNullable<Config['mpesa']>, callbackSecret: string): ComposedMpesa {
  const client = createDarajaClient(mpesa.daraja);
  const callbackUrls = mpesaCallbackUrls(mpesa.callbackBaseUrl, callbackSecret);
  const gateway = new DarajaMpesaGateway(client, callbackUrls.stk, { result: callbackUrls.statusResult, timeout: callbackUrls.statusTimeout });
  const payouts = mpesa.payouts
    ? {
        gateway: new DarajaPayoutGateway(client, {
          result: callbackUrls.payoutResult,
          timeout: callbackUrls.payoutTimeout,
          statusResult: callbackUrls.payoutStatusResult,
          statusTimeout: callbackUrls.payoutStatusTimeout,
        }),
        mode: mpesa.payouts,
        ...(mpesa.payoutTiming ? { timing: mpesa.payoutTiming } : {}),
      }
    : undefined;
  return { gateway, client, callbackSecret, callbackUrls, ...(payouts ? { payouts } : {}) };
}

/** The shared leases and this process's name in them (issue 22: one job runs on one machine at a time). */
export interface JobLeasing {
  readonly leases: JobLeases;
  readonly holder: string;
}

/**
 * A round's lease, renewed every third of it while the round runs (runLeased): the longest a dead
 * process's round blocks the others, after a kill -9 or a crash (a restarted process is a new holder).
 */
export const ROUND_LEASE_MS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The payout worker in every API process: sends due payouts, asks M-Pesa about open ones,
 * completes settlements whose payouts are paid. A round runs in one process at a time across
 * every machine on the database (its lease, LEASED_JOBS.payoutRound); the others skip that tick.
 * Each step is conditional too, so a round that outlives its lease is still safe.
 * `wake()` runs a round now (an admin approved a payout, an order was delivered).
 */
export function startPayoutWorker(deps: EscrowDeps, jobs: JobLeasing, logger: Logger, intervalMs = 5_000): { wake(): void; runNow(): void; stop(): Promise<void> } {
  const leased = { leases: jobs.leases, clock: deps.clock };
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let stopped = false;
  const round = (): void => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = runLeased(leased, { name: LEASED_JOBS.payoutRound, holder: jobs.holder, maxMs: ROUND_LEASE_MS }, () => runPayoutRound(deps)).then(
      (round) => {
        if (!round.ran) return;
        const report = round.value;
        if (report.sent > 0 || report.asked > 0 || report.settled > 0 || report.held > 0) logger.info('payouts round', { ...report });
      },
      (error: unknown) => logger.warn('payout round failed; retried next round', { error: error instanceof Error ? error.message : String(error) }),
    ).finally(() => {
      busy = false;
      if (again) {
        again = false;
        round();
      }
    });
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  // Daily reconciliation (read only), once a day across every machine (its day's lease):
  // mismatches are logged for the operator; the admin screen and `escrow-admin payouts reconcile`
  // show the same at any time.
  const reconcileDaily = (): void => {
    void runOncePerPeriod(leased, { name: LEASED_JOBS.payoutReconciliationDaily, holder: jobs.holder, periodMs: DAY_MS }, () =>
      reconcilePayouts(deps, { actor: { kind: 'admin', userId: 'daily-reconciliation' } }),
    ).then(
      (run) => {
        const report = run.ran ? run.value : null;
        if (!report?.ok) return;
        if (report.value.unmatched.length > 0) logger.warn('payout reconciliation: mismatches', { count: report.value.unmatched.length, first: report.value.unmatched.slice(0, 5).map((m) => m.problem) });
        else logger.info('payout reconciliation: no mismatches');
      },
      (error: unknown) => logger.warn('payout reconciliation failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const daily = setInterval(reconcileDaily, DAY_MS);
  daily.unref();
  // A process that starts picks up what is due at once (another died with payouts claimed).
  round();
  return {
    wake: round,
    // A round now, and the day's reconciliation unless some process has run it this day.
    runNow: () => {
      round();
      if (!stopped) reconcileDaily();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(daily);
      await running;
    },
  };
}

/**
 * Registers the C2B URLs with Daraja (in the background: a Daraja that is down must not stop
 * the API starting; production answers "already registered" after the first time).
 */
export function registerC2bUrls(mpesa: ComposedMpesa, logger: Logger): Promise<void> {
  return mpesa.client
    .registerC2bUrls({ confirmationUrl: mpesa.callbackUrls.confirmation, validationUrl: mpesa.callbackUrls.validation, responseType: 'Completed' })
    .then(
      (registered) => logger.info('C2B URLs registered with M-Pesa', { alreadyRegistered: 'alreadyRegistered' in registered && registered.alreadyRegistered === true }),
      (error: unknown) => logger.warn('C2B URL registration failed; Paybill payments are not confirmed until it succeeds', { error: error instanceof Error ? error.message : String(error) }),
    );
}

/**
 * The reconciliation job in every API process: STK requests with no final answer are queried
 * when due (issue 15), and claims are asked about with Transaction Status when due (decision
 * 0044). A round runs in one process at a time across every machine (LEASED_JOBS.paymentReconciliation),
 * so M-Pesa is asked once; settling is conditional as well.
 */
export function startPaymentReconciler(deps: EscrowDeps, jobs: JobLeasing, logger: Logger, intervalMs = 15_000): { runNow(): void; stop(): Promise<void> } {
  const leased = { leases: jobs.leases, clock: deps.clock };
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const round = () => {
    // A round still asking M-Pesa (each call may take up to MPESA_TIMEOUT_MS) is not doubled.
    if (busy) return;
    busy = true;
    running = runLeased(leased, { name: LEASED_JOBS.paymentReconciliation, holder: jobs.holder, maxMs: ROUND_LEASE_MS }, () => reconcilePayments(deps)).then(
      (round) => {
        if (!round.ran) return;
        const report = round.value;
        const { claims, ...prompts } = report;
        if (report.queried > 0 || claims.asked > 0) logger.info('payments reconciled', { ...prompts, claimsAsked: claims.asked, claimsRefused: claims.refused, claimsUnanswered: claims.unknown });
      },
      (error: unknown) => logger.warn('payment reconciliation failed; retried next round', { error: error instanceof Error ? error.message : String(error) }),
    ).finally(() => {
      busy = false;
    });
  };
  const timer = setInterval(() => {
    if (!stopped) round();
  }, intervalMs);
  timer.unref();
  return {
    runNow: () => {
      if (!stopped) round();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
