// The API's one composition root: opens the database, applies migrations, wires the default
// adapters into the core's use cases and the HTTP app.
import { cryptoRandom, feePolicy, systemClock, type EscrowDeps } from '@escrow/core';
import { join } from 'node:path';
import { createKyselyAdminQueries, createKyselyAdminStore, createKyselyContactStore, createKyselyEscrowQueries, createKyselyEscrowStore, createKyselyIdempotencyStore, createKyselyRateLimiter, openDatabase, type DatabaseHandle } from '@escrow/db-kysely';
import { InProcessEventBus } from '@escrow/events-memory';
import { EVENTS_CHANNEL, PostgresEventBus } from '@escrow/events-pg';
import { ManualPaybillGateway } from '@escrow/mpesa-manual';
import { FsFileStorage } from '@escrow/storage-fs';
import type { Hono } from 'hono';
import { composeAccounts, composeNotifier } from './accounts/compose-accounts.js';
import type { Config } from './config.js';
import { createApp } from './http/create-app.js';
import { rateLimitsOff } from './http/rate-limits-off.js';
import type { Logger } from './http/logger.js';
import { startOutboxDispatcher } from './outbox-dispatcher.js';

export interface Composed {
  readonly app: Hono;
  readonly deps: EscrowDeps;
  readonly database: DatabaseHandle;
  /** Stops background work and closes the database; safe to call twice. */
  close(): Promise<void>;
}

export async function compose(config: Config, logger: Logger, options: { dispatchIntervalMs?: number } = {}): Promise<Composed> {
  const fees = feePolicy(config.feeBasisPoints);
  if (!fees.ok) throw new Error(`FEE_BASIS_POINTS: ${fees.error.detail ?? fees.error.code}`);
  const database = openDatabase({ dataDir: config.dataDir, ...(config.database.kind === 'postgres' ? { databaseUrl: config.database.url, ...(config.database.poolSize ? { poolSize: config.database.poolSize } : {}) } : {}) });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  // PostgreSQL: order changes are NOTIFYed inside their own transaction (decision 0022).
  const store = createKyselyEscrowStore(database.db, database.dialect, config.database.kind === 'postgres' ? { notifyChannel: EVENTS_CHANNEL } : {});
  // Live events: LISTEN/NOTIFY when API processes share PostgreSQL, so each delivers every event.
  const events =
    config.database.kind === 'postgres'
      ? new PostgresEventBus({ connectionString: config.database.url, onProblem: (message, detail) => logger.warn(message, detail) })
      : new InProcessEventBus();
  if (events instanceof PostgresEventBus) {
    try {
      await events.start();
    } catch (error) {
      await events.close();
      await database.close();
      throw error;
    }
  }
  const idempotency = createKyselyIdempotencyStore(database.db, database.dialect);
  const rateLimiter = config.rateLimitsOff ? rateLimitsOff : createKyselyRateLimiter(database.db);
  if (config.rateLimitsOff) logger.warn('RATE_LIMITS=off: request rate limits are OFF (benchmark mode; never in production)');
  const files = new FsFileStorage(join(config.dataDir, 'uploads'));
  const deps: EscrowDeps = {
    store,
    clock: systemClock,
    random: cryptoRandom,
    payments: new ManualPaybillGateway(),
    fees: fees.value,
    events,
  };
  const mail = composeNotifier(config, logger);
  const dispatcher = startOutboxDispatcher({ store, clock: systemClock, notifier: mail.notifier, logger, intervalMs: options.dispatchIntervalMs ?? 2_000, ...config.outbox });
  const accounts = composeAccounts({ config, database, events, files, rateLimiter, logger, sendOutboxSoon: () => void dispatcher.runOnce().then(() => dispatcher.runOnce()) });
  const app = createApp({
    checkDatabase: async () => ({ ...(await database.check()), dialect: database.dialect }),
    frontendDist: config.frontendDist,
    publicBaseUrl: config.publicBaseUrl,
    logger,
    escrow: { deps, files, photoFiles: files, idempotency, rateLimiter, paybill: config.paybill, trustProxyHops: config.trustProxyHops, queries: createKyselyEscrowQueries(database.db, database.dialect), publicBaseUrl: config.publicBaseUrl, admin: { queries: createKyselyAdminQueries(database.db, database.dialect), store: createKyselyAdminStore(database.db, database.dialect) } },
    accounts: accounts.http,
    contact: { contacts: createKyselyContactStore(database.db, database.dialect), clock: systemClock, random: cryptoRandom, rateLimiter, trustProxyHops: config.trustProxyHops, events },
  });
  // Idempotency keys are kept 25 hours; expired ones are swept hourly by whichever instance runs.
  const sweep = setInterval(() => {
    idempotency.deleteExpired(systemClock.now()).catch((error: unknown) => logger.warn('idempotency sweep failed', { error: error instanceof Error ? error.message : String(error) }));
  }, 60 * 60_000);
  sweep.unref();
  let closed = false;
  return {
    app,
    deps,
    database,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      accounts.stop();
      await dispatcher.stop();
      mail.close();
      if (events instanceof PostgresEventBus) await events.close();
      await database.close();
    },
  };
}
