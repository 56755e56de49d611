// The API's one composition root: opens the database, applies migrations, wires the default
// adapters into the core's use cases and the HTTP app.
import { cryptoRandom, feePolicy, systemClock, type EscrowDeps } from '@escrow/core';
import { createKyselyEscrowStore, openDatabase, type DatabaseHandle } from '@escrow/db-kysely';
import { InProcessEventBus } from '@escrow/events-memory';
import { ManualPaybillGateway } from '@escrow/mpesa-manual';
import { ConsoleNotifier } from '@escrow/notify-console';
import type { Hono } from 'hono';
import type { Config } from './config.js';
import { createApp } from './http/create-app.js';
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
  const database = openDatabase({ databaseUrl: config.database.kind === 'postgres' ? config.database.url : undefined, dataDir: config.dataDir });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const store = createKyselyEscrowStore(database.db, database.dialect);
  const deps: EscrowDeps = {
    store,
    clock: systemClock,
    random: cryptoRandom,
    payments: new ManualPaybillGateway(),
    fees: fees.value,
    events: new InProcessEventBus(),
  };
  const dispatcher = startOutboxDispatcher({ store, clock: systemClock, notifier: new ConsoleNotifier(), logger, intervalMs: options.dispatchIntervalMs ?? 5_000 });
  const app = createApp({
    checkDatabase: async () => ({ ...(await database.check()), dialect: database.dialect }),
    frontendDist: config.frontendDist,
    logger,
  });
  let closed = false;
  return {
    app,
    deps,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await dispatcher.stop();
      await database.close();
    },
  };
}
