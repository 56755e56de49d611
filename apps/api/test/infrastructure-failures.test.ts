import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WRITE_PROBE_CACHE_MS } from '@escrow/db-kysely';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { startTcpProxy } from '@escrow/test-kit/tcp-proxy';
import { compose, type Composed } from '../src/composition-root.js';
import { buyerHeaders, client, DIALECTS, openWorld, receipt } from './escrow-support/world.js';
import { loadConfig } from '../src/config.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/http/error-handler.js';
import { recordingLogger, type LogEntry } from './helpers/recording-logger.js';

// Infrastructure failures through the API as composed for production: a full disk, a
// read-only database, an unreachable server. Each answers 503 with the message the screens
// show and Retry-After, /api/health names the failing part, and the log names the real cause.
const postgres = await postgresForTests('API infrastructure failures');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function composeOn(env: NodeJS.ProcessEnv): Promise<{ composed: Composed; logs: LogEntry[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-infra-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const logger = recordingLogger();
  const composed = await compose(loadConfig({ DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent', ...env }), logger, { dispatchIntervalMs: 60_000 });
  cleanups.push(() => composed.close());
  return { composed, logs: logger.entries };
}

async function postgresSchemaUrl(extraOptions = ''): Promise<{ url: string; schema: string }> {
  const schema = await createTestSchema(postgres.url);
  cleanups.push(() => schema.drop());
  const url = new URL(postgres.url);
  url.searchParams.set('options', `-c search_path=${schema.schema}${extraOptions}`);
  return { url: url.toString(), schema: schema.schema };
}

let addressCounter = 0;
const contact = (composed: Composed) =>
  composed.app.request(
    '/api/contact',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Wanjiru Kamau', email: 'wanjiru@example.com', message: 'When do I get paid?' }) },
    // A new client address each time, so the per-address limit never answers first.
    { incoming: { socket: { remoteAddress: `10.9.${(addressCounter >> 8) & 255}.${(addressCounter += 1) & 255}` } } },
  );

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE } });
}

async function health(composed: Composed): Promise<{ status: number; text: string; body: unknown }> {
  const response = await composed.app.request('/api/health');
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
}

const waitOutProbeCache = () => new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_CACHE_MS + 50));

/** The log line of the 503, with the real cause. */
const unavailableLog = (logs: LogEntry[]) => logs.find((entry) => entry.level === 'error' && entry.message.startsWith('Service unavailable'));

describe('SQLite', () => {
  it('a full disk: writes answer 503 with the message, health names the write path "disk full", the log says SQLITE_FULL; room again: all well', async () => {
    const { composed, logs } = await composeOn({});
    expect((await contact(composed)).status).toBe(201);
    const db = composed.database.db;
    // Simulated on the API's own connection: the file may not grow, and its free pages are used up.
    // A migration that rebuilt a table (0011, the ledger's posting kinds) leaves free pages in the
    // file, which writes reuse without growing it; compacted first, "full" means full (as in
    // adapters/db-kysely/test/sqlite-infrastructure-errors.test.ts).
    await sql`vacuum`.execute(db);
    expect(Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]?.freelist_count)).toBe(0);
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count);
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
    for (let i = 0; (await contact(composed)).status === 201; i += 1) if (i > 5_000) throw new Error('never filled');

    await expectUnavailable(await contact(composed));
    const log = unavailableLog(logs);
    expect(log?.fields).toMatchObject({ part: 'database', reason: 'disk full', cause: 'SQLITE_FULL', path: '/api/contact' });
    expect(JSON.stringify(logs)).not.toContain('cannot rollback');

    await waitOutProbeCache();
    const sick = await health(composed);
    expect(sick.status).toBe(503);
    expect(sick.body).toEqual({ status: 'unavailable', database: { dialect: 'sqlite', ok: true }, writes: { ok: false, reason: 'disk full' } });
    expect(sick.text).not.toMatch(/SQLITE_|escrow\.sqlite|max_page/);

    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    await waitOutProbeCache();
    expect((await health(composed)).status).toBe(200);
    expect((await contact(composed)).status).toBe(201);
  });

  it('a read-only database: 503 with the message, health "read-only", the log says SQLITE_READONLY', async () => {
    const { composed, logs } = await composeOn({});
    expect((await health(composed)).body).toEqual({ status: 'ok', database: { dialect: 'sqlite', ok: true }, writes: { ok: true } });
    await sql.raw('pragma query_only = 1').execute(composed.database.db);
    await expectUnavailable(await contact(composed));
    expect(unavailableLog(logs)?.fields).toMatchObject({ reason: 'read-only', cause: 'SQLITE_READONLY' });
    await waitOutProbeCache();
    expect(await health(composed)).toMatchObject({ status: 503, body: { database: { ok: true }, writes: { ok: false, reason: 'read-only' } } });
  });
});

describe.runIf(postgres.available)('PostgreSQL', () => {
  it('a read-only database (default_transaction_read_only): 503 with the message, health "read-only", the log says 25006', async () => {
    const { url } = await postgresSchemaUrl();
    // Migrated while writable; then the API runs on connections that are read-only.
    await (await composeOn({ DATABASE_URL: url })).composed.close();
    const readOnly = new URL(url);
    readOnly.searchParams.set('options', `${readOnly.searchParams.get('options')} -c default_transaction_read_only=on`);
    const { composed, logs } = await composeOn({ DATABASE_URL: readOnly.toString() });
    await expectUnavailable(await contact(composed));
    expect(unavailableLog(logs)?.fields).toMatchObject({ part: 'database', reason: 'read-only', cause: '25006' });
    const sick = await health(composed);
    expect(sick).toMatchObject({ status: 503, body: { status: 'unavailable', database: { dialect: 'postgres', ok: true }, writes: { ok: false, reason: 'read-only' } } });
    expect(sick.text).not.toContain('25006');
  });

  it('the server unreachable: writes and health answer 503 at once, and the API recovers by itself when it is back', async () => {
    const { url } = await postgresSchemaUrl();
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const { composed, logs } = await composeOn({ DATABASE_URL: proxy.urlFor(url) });
    expect((await contact(composed)).status).toBe(201);

    proxy.refuse(true);
    const started = Date.now();
    await expectUnavailable(await contact(composed));
    const sick = await health(composed);
    expect(sick.status).toBe(503);
    expect(sick.body).toMatchObject({ status: 'unavailable', database: { dialect: 'postgres', ok: false }, writes: { ok: false } });
    expect(['connection lost', 'unreachable', 'timed out']).toContain((sick.body as { database: { reason: string } }).database.reason);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(unavailableLog(logs)?.fields).toMatchObject({ part: 'database' });

    proxy.refuse(false);
    await waitOutProbeCache();
    expect((await health(composed)).status).toBe(200);
    expect((await contact(composed)).status).toBe(201);
  });
});

describe.each(DIALECTS)('an Idempotency-Key whose request answered 503 on %s', (dialect) => {
  it('runs the request again on a retry with the same key (a 503 is never stored as the answer)', async () => {
    const world = await openWorld(dialect);
    cleanups.push(() => world.dispose());
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const { store } = world.deps;
    const transaction = store.transaction.bind(store);
    let failures = 1;
    // The database fails under the change once, as a dropped connection or a full disk does.
    const failingOnce = ((...args: Parameters<typeof store.transaction>) => {
      if (failures-- > 0) return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
      return transaction(...args);
    }) as typeof store.transaction;
    (store as { transaction: typeof store.transaction }).transaction = failingOnce;
    const api = client(world.app);
    const request = { headers: buyerHeaders(order.deliveryCode, { 'idempotency-key': 'retry-after-503-0001' }), json: { termsAccepted: true, mpesaReceipt: receipt() } };
    const first = await api.post(`/api/buyer/orders/${order.id}/payment`, request);
    expect(first.status).toBe(503);
    expect(first.json.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE });
    expect(await world.reload(order.id)).toMatchObject({ version: order.version, paymentClaimedAt: null });
    const again = await api.post(`/api/buyer/orders/${order.id}/payment`, request);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    // The change ran this time: the buyer's claim (M-Pesa has not confirmed the receipt), with its posting.
    expect(await world.reload(order.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimReceipt: request.json.mpesaReceipt });
    expect((await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id))).map((p) => p.kind)).toEqual(['payment_claimed']);
    // And now the key holds the real answer.
    const replay = await api.post(`/api/buyer/orders/${order.id}/payment`, request);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
