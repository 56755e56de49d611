// The API's one composition root: opens the database, applies migrations, wires the default
// adapters into the core's use cases and the HTTP app.
import { cryptoRandom, feePolicy, LEASED_JOBS, purgeExpiredRiderPhoneRows, runOncePerPeriod, systemClock, type Clock, type EscrowDeps, type EventBus } from '@escrow/core';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  createKyselyAdminQueries,
  createKyselyAdminStore,
  createKyselyContactStore,
  createKyselyEscrowQueries,
  createKyselyEscrowStore,
  createKyselyFailureCounters,
  createKyselyFileReferences,
  createKyselyIdempotencyStore,
  createKyselyJobLeases,
  createKyselyMetricsQueries,
  createKyselyRateLimiter,
  createKyselySmsDeliveryReports,
  loadMpesaCallbackSecret,
  loadServerSecret,
  openDatabase,
  type DatabaseHandle,
} from '@escrow/db-kysely';
import { InProcessEventBus } from '@escrow/events-memory';
import { eventsChannelFor, outboxChannelFor, PostgresEventBus } from '@escrow/events-pg';
import { ManualPaybillGateway } from '@escrow/mpesa-manual';
import type { Hono } from 'hono';
import { composeAccounts } from './accounts/compose-accounts.js';
import type { Config } from './config.js';
import { startDailyFileSweep, type DailyFileSweepOptions } from './daily-file-sweep.js';
import { createApp } from './create-app.js';
import { failureCountersOff, rateLimitsOff } from './http/rate-limits-off.js';
import type { Logger } from './http/logger.js';
import { outboxWakeRelay, OUTBOX_POLL_MS, startOutboxDispatcher } from './outbox-dispatcher.js';
import { composeMpesa, registerC2bUrls, startPaymentReconciler, startPayoutWorker, type ComposedMpesa } from './mpesa-payments.js';
import { composeNotifier } from './notifications/compose-notifier.js';
import { createApiMetrics } from './metrics/api-metrics.js';
import { DEFAULT_COLLECT_TIMEOUT_MS } from './metrics/escrow-gauges.js';
import { openPhotoStorage } from './features/photos/photo-storage.js';

export interface Composed {
  readonly app: Hono;
  readonly deps: EscrowDeps;
  readonly database: DatabaseHandle;
  /** Shutdown has begun: every open live stream ends with a reconnect hint, and new ones end at once. */
  endLiveStreams(): void;
  /** Runs the outbox dispatcher now (and once more if it was running); resolves when that pass is done. */
  sendOutboxNow(): Promise<void>;
  /**
   * Settles when the start's C2B URL registration with M-Pesa has answered, or failed, or was
   * not asked for (it runs in the background: a Daraja that is down does not stop the start).
   * Until then Safaricom may not confirm Paybill payments to this API.
   */
  readonly c2bUrlsRegistered: Promise<void>;
  /**
   * Starts every background job now, as its timer would (SIGUSR2, main.ts: an operator's "run
   * the jobs now"): the payout round, payment reconciliation, the outbox, and the once-a-period
   * jobs (the day's payout reconciliation and file sweep, the hour's expired-rows sweep). Each
   * still takes its lease, so a job another process is running is skipped, and a once-a-period
   * job runs only if no process has run it this period. Returns at once.
   */
  runJobsNow(): void;
  /**
   * After the last request: stops background work (sweeps, the outbox dispatcher) and waits for
   * what of it is running, then closes mail, the event bus and, last, the database. Safe to call twice.
   */
  close(): Promise<void>;
}

const connectionErrorCode = (error: Error): { code?: string } => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? { code } : {};
};

export interface ComposeOptions {
  readonly dispatchIntervalMs?: number;
  readonly fileSweep?: DailyFileSweepOptions;
  readonly reconcileIntervalMs?: number;
  readonly payoutIntervalMs?: number;
  /**
   * Tests only: the time of the use cases, sessions, rate limits and background work, so a test
   * moves it (a FixedClock) to cross an expiry or a limit's window on the app production composes
   * (decision 0072). Production passes none: the system's clock.
   */
  readonly clock?: Clock;
  /**
   * Tests only: the live-event bus in place of the deployment's (in-process on SQLite,
   * LISTEN/NOTIFY on PostgreSQL), for what no configuration causes: a bus that missed events, or
   * PostgreSQL with the core publishing after commit (decision 0072). Given, the store NOTIFYs
   * nothing and compose() neither starts nor closes it. Production passes none.
   */
  readonly events?: EventBus;
  /** Tests only: the live streams' heartbeat interval (default 15 s), so a test sees one come. */
  readonly liveHeartbeatMs?: number;
}

export async function compose(config: Config, logger: Logger, options: ComposeOptions = {}): Promise<Composed> {
  const clock = options.clock ?? systemClock;
  const fees = feePolicy(config.feeBasisPoints);
  if (!fees.ok) throw new Error(`FEE_BASIS_POINTS: ${fees.error.detail ?? fees.error.code}`);
  // The photos' disk, or the bucket (FILE_STORAGE=s3), checked first: a bucket that cannot be used fails the start.
  const photos = await openPhotoStorage(config, logger);
  const database = openDatabase({
    dataDir: config.dataDir,
    ...(config.database.kind === 'postgres' ? { databaseUrl: config.database.url, ...(config.database.poolSize ? { poolSize: config.database.poolSize } : {}) } : {}),
    // A dropped connection is replaced by the pool; the request that held it answers 503.
    onConnectionError: (error) => logger.warn('database connection lost', { error: error.message, ...connectionErrorCode(error) }),
  });
  let buyerProofKey: string;
  let mpesa: ComposedMpesa | undefined;
  let callbackSecret = config.mpesaCallbackSecret;
  let smsCallbackSecret = config.smsCallbackSecret;
  try {
    await database.migrate();
    // Keys the buyer's proof cookie; one per deployment, shared by every instance (decision 0040).
    buyerProofKey = await loadServerSecret(database.db, 'buyer_proof_key');
    if (config.mpesa) {
      // The callback path's secret: hex, since Safaricom refuses C2B URLs holding words like "sql" or "exe".
      callbackSecret ??= await loadMpesaCallbackSecret(database.db);
      mpesa = composeMpesa(config.mpesa, callbackSecret);
    }
    // The delivery report path's secret: hex like M-Pesa's; the operator copies the URL into Africa's Talking's dashboard.
    if (config.sms) smsCallbackSecret ??= Buffer.from(await loadServerSecret(database.db, 'sms_callback_secret'), 'base64url').toString('hex');
  } catch (error) {
    await database.close();
    photos.close();
    throw error;
  }
  // PostgreSQL: order changes are NOTIFYed inside their own transaction (decision 0022), on the
  // channel of this deployment's schema (others in the same database hear nothing of it).
  const channel = config.database.kind === 'postgres' && !options.events ? eventsChannelFor(await database.namespace()) : undefined;
  const checkNesting = config.storeChecksOff !== true;
  // Queued mail and SMS wake the dispatchers at commit: a NOTIFY every process hears, or this process's own wake (decision 0074).
  const outboxWakes = outboxWakeRelay();
  const outboxChannel = channel ? outboxChannelFor(await database.namespace()) : undefined;
  const outboxWake = outboxChannel ? { notifyChannel: outboxChannel } : { afterCommit: outboxWakes.wake };
  const store = createKyselyEscrowStore(database.db, database.dialect, { ...(channel ? { notifyChannel: channel } : {}), checkNesting, outboxWake });
  // Live events: LISTEN/NOTIFY when API processes share PostgreSQL, so each delivers every event.
  const events =
    options.events ??
    (config.database.kind === 'postgres'
      ? new PostgresEventBus({ connectionString: config.database.url, channel, ...(outboxChannel ? { wakeChannels: [outboxChannel] } : {}), onProblem: (message, detail) => logger.warn(message, detail) })
      : new InProcessEventBus());
  if (events instanceof PostgresEventBus && !options.events) {
    if (outboxChannel) events.onWake(outboxChannel, outboxWakes.wake);
    try {
      await events.start();
    } catch (error) {
      await events.close();
      await database.close();
      photos.close();
      throw error;
    }
  }
  const idempotency = createKyselyIdempotencyStore(database.db);
  const rateLimiter = config.rateLimitsOff ? rateLimitsOff : createKyselyRateLimiter(database.db);
  const failureCounters = config.rateLimitsOff ? failureCountersOff : createKyselyFailureCounters(database.db);
  if (config.rateLimitsOff) logger.warn('RATE_LIMITS=off: request rate limits are OFF (benchmark mode; never in production)');
  const files = photos.files;
  const deps: EscrowDeps = {
    store,
    clock,
    random: cryptoRandom,
    payments: new ManualPaybillGateway(),
    fees: fees.value,
    events,
    ...(mpesa ? { mpesa: mpesa.gateway } : {}),
    ...(mpesa?.payouts ? { payouts: mpesa.payouts } : {}),
    ...(config.linkBase ? { linkBase: config.linkBase } : {}),
  };
  const notifications = composeNotifier(config, logger);
  const dispatcher = startOutboxDispatcher({ store, clock, notifier: notifications.notifier, logger, intervalMs: options.dispatchIntervalMs ?? OUTBOX_POLL_MS, ...config.outbox, wakes: outboxWakes.source });
  if (config.sms && smsCallbackSecret) {
    // The dashboard URL. A generated secret (sandbox only: production requires AT_CALLBACK_SECRET) is shown whole; a configured one is not logged.
    const shown = config.smsCallbackSecret ? '<AT_CALLBACK_SECRET>' : smsCallbackSecret;
    logger.info("SMS delivery reports: set this URL in Africa's Talking's dashboard (SMS > SMS Callback URLs > Delivery Reports)", { url: `${config.sms.callbackBaseUrl}/api/sms/callbacks/${shown}/delivery` });
  }
  // A code or reset message is sent at once, not at the next round (a second round if one was under way).
  const sendOutboxSoon = () => void dispatcher.runOnce().then(() => dispatcher.runOnce());
  const accounts = composeAccounts({ config, database, events, files, rateLimiter, failureCounters, logger, sendOutboxSoon, clock });
  const liveStreamsClosing = new AbortController();
  // Started below, once the app is built; approvals and retries wake it.
  const payouts: { worker?: ReturnType<typeof startPayoutWorker> } = {};
  const app = createApp({
    checkDatabase: async () => {
      const reachable = await database.check();
      // The write probe only when the database answers: an unreachable one fails both the same way.
      const writes = reachable.ok ? await database.checkWrites() : { ok: false, ...(reachable.reason ? { reason: reachable.reason } : {}) };
      return { ...reachable, dialect: database.dialect, writes };
    },
    frontendDist: config.frontendDist,
    publicBaseUrl: config.publicBaseUrl,
    logger,
    escrow: {
      deps,
      files,
      photoFiles: photos.reader,
      idempotency,
      rateLimiter,
      paybill: config.paybill,
      trustProxyHops: config.trustProxyHops,
      queries: createKyselyEscrowQueries(database.db, database.dialect),
      publicBaseUrl: config.publicBaseUrl,
      admin: { queries: createKyselyAdminQueries(database.db, database.dialect), store: createKyselyAdminStore(database.db, database.dialect, { checkNesting, outboxWake }) },
      buyerProofKey,
      ...(callbackSecret ? { mpesaCallbackSecret: callbackSecret } : {}),
      ...(config.mpesaCallbackAllowList ? { mpesaCallbackAllowList: config.mpesaCallbackAllowList } : {}),
      ...(smsCallbackSecret ? { smsCallbacks: { secret: smsCallbackSecret, deps: { smsReports: createKyselySmsDeliveryReports(database.db), clock } } } : {}),
      live: { closing: liveStreamsClosing.signal, ...(options.liveHeartbeatMs ? { heartbeatMs: options.liveHeartbeatMs } : {}) },
      sendOutboxSoon,
      wakePayouts: () => payouts.worker?.wake(),
    },
    accounts: accounts.http,
    contact: { contacts: createKyselyContactStore(database.db, database.dialect), clock, random: cryptoRandom, rateLimiter, trustProxyHops: config.trustProxyHops, events },
    // Prometheus's scrape (decision 0069): database figures per scrape, this process's requests, streams and pool.
    ...(config.metrics
      ? { metrics: { token: config.metrics.token, metrics: createApiMetrics({ queries: createKyselyMetricsQueries(database.db, { dialect: database.dialect, statementTimeoutMs: DEFAULT_COLLECT_TIMEOUT_MS }), clock, ...(database.poolUse ? { poolUse: () => database.poolUse?.() } : {}) }) } }
      : {}),
  });
  // Every periodic job takes its lease in the database, so one machine runs it (issue 22).
  const jobs = { leases: createKyselyJobLeases(database.db), holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(-200) };
  // Idempotency keys are kept 25 hours, riders' phone codes 10 minutes and phone proofs 30 days;
  // expired ones are swept hourly, by one process of all those on the database (the hour's lease).
  let sweeping: Promise<void> = Promise.resolve();
  const sweepExpiredRows = (): void => {
    sweeping = runOncePerPeriod({ leases: jobs.leases, clock }, { name: LEASED_JOBS.expiredRowsSweep, holder: jobs.holder, periodMs: 60 * 60_000 }, async () => {
      const now = clock.now();
      const [idempotencyKeys, riderPhone] = await Promise.all([idempotency.deleteExpired(now), purgeExpiredRiderPhoneRows(deps, now)]);
      return { idempotencyKeys, riderPhoneCodes: riderPhone.codes, riderPhoneProofs: riderPhone.proofs };
    }).then(
      (run) => {
        if (run.ran) logger.info('expired rows swept', run.value);
      },
      (error: unknown) => logger.warn('idempotency and rider phone sweep failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const sweep = setInterval(sweepExpiredRows, 60 * 60_000);
  sweep.unref();
  // Stored files nothing names, older than an hour: once a day across every process on this database (decision 0039).
  const fileSweep = startDailyFileSweep({
    files: photos.listing,
    references: createKyselyFileReferences(database.db, database.dialect),
    leases: jobs.leases,
    clock,
    holder: jobs.holder,
    logger,
    ...(options.fileSweep ? { options: options.fileSweep } : {}),
  });
  const reconciler = mpesa ? startPaymentReconciler(deps, jobs, logger, options.reconcileIntervalMs) : undefined;
  if (mpesa?.payouts) payouts.worker = startPayoutWorker(deps, jobs, logger, options.payoutIntervalMs ?? config.mpesa?.payoutIntervalMs);
  const registering = mpesa && config.mpesa?.registerC2bUrls ? registerC2bUrls(mpesa, logger) : Promise.resolve();
  let closed = false;
  return {
    app,
    deps,
    database,
    endLiveStreams: () => liveStreamsClosing.abort(),
    sendOutboxNow: () => dispatcher.runOnce(),
    c2bUrlsRegistered: registering,
    runJobsNow() {
      if (closed) return;
      payouts.worker?.runNow();
      reconciler?.runNow();
      void dispatcher.runOnce();
      sweepExpiredRows();
      void fileSweep.runOnce();
    },
    async close() {
      if (closed) return;
      closed = true;
      liveStreamsClosing.abort();
      // Background work first, letting a running sweep or outbox round finish on the open database.
      clearInterval(sweep);
      await Promise.all([sweeping, fileSweep.stop(), accounts.stop(), dispatcher.stop(), reconciler?.stop(), payouts.worker?.stop(), registering]);
      notifications.close();
      if (events instanceof PostgresEventBus && !options.events) await events.close();
      await database.close();
      photos.close();
    },
  };
}
