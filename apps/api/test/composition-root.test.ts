import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrder, getOrder } from '@escrow/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { compose } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { recordingLogger } from './helpers/recording-logger.js';

const postgres = await postgresForTests('API composition root');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database URL for each dialect: a temp SQLite dir, or a fresh PostgreSQL schema. */
async function environment(dialect: 'sqlite' | 'postgres'): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-api-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir };
  const { schema, drop } = await createTestSchema(postgres.url);
  cleanups.push(drop);
  const url = new URL(postgres.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

const dialects = ['sqlite', ...(postgres.available ? ['postgres' as const] : [])] as const;

describe.each(dialects)('the API composed on %s', (dialect) => {
  it('migrates at start, reports the database in /api/health, runs a use case end to end and closes cleanly', async () => {
    const config = loadConfig({ ...(await environment(dialect)), FRONTEND_DIST: '/nonexistent' });
    const logger = recordingLogger();
    const composed = await compose(config, logger, { dispatchIntervalMs: 60_000 });
    try {
      const health = await composed.app.request('/api/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: { dialect, ok: true }, writes: { ok: true } });
      // A second start on the same database finds nothing left to migrate.
      const again = await compose(config, logger, { dispatchIntervalMs: 60_000 });
      await again.close();

      const created = await createOrder(composed.deps, { actor: { kind: 'seller', sellerId: 'nobody' }, input: { itemName: 'x', price: 100, buyerName: 'b', buyerPhone: '0712345678', buyerAddress: 'a', deliveryCost: 0 } });
      expect(created).toMatchObject({ ok: false, error: { code: 'SELLER_NOT_FOUND' } });
      expect(await getOrder(composed.deps, { orderId: 'missing', actor: { kind: 'buyer', deliveryCode: '123456' } })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    } finally {
      await composed.close();
      await composed.close();
    }
    // Closed means closed: the health check now fails instead of hanging.
    expect((await composed.database.check()).ok).toBe(false);
  });
});
