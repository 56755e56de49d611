import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cancelOrder, confirmPayment, createOrder, newPayout, type Cents, type EscrowDeps, type Order, type Result } from '@escrow/core';
import { payByPaybill } from '@escrow/core/testing';
import type { DatabaseHandle } from '@escrow/db-kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { compose, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { sseReader } from '../escrow-live/sse-reader.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { nonZero, parseExposition, seriesOf, valueOf, type Exposition } from './exposition.js';

const postgres = await postgresForTests('API metrics');
const dialects = ['sqlite', ...(postgres.available ? ['postgres' as const] : [])] as const;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const TOKEN = randomBytes(32).toString('hex');

/** A temp SQLite dir, or a fresh PostgreSQL schema, as the composition root's own test makes them. */
async function environment(dialect: 'sqlite' | 'postgres'): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-metrics-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir };
  const { schema, drop } = await createTestSchema(postgres.url);
  cleanups.push(drop);
  const url = new URL(postgres.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '7' };
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}`);
  return result.value;
}

async function seller(handle: DatabaseHandle): Promise<string> {
  const now = new Date().toISOString();
  const userId = randomUUID();
  const sellerId = randomUUID();
  await handle.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, password_hash: '-', created_at: now, last_sign_in_at: null }).execute();
  await handle.db
    .insertInto('sellers')
    .values({ id: sellerId, user_id: userId, business_name: 'Amani Phones', business_profile: null, location: 'Westlands', phone: '+254711111111', whatsapp: null, logo_url: null, about: null, payment_method: 'direct_mpesa', payment_number: '+254711111111', payout_phone: '+254711111111', terms_accepted: handle.dialect === 'sqlite' ? 1 : true, terms_accepted_at: now, email: null, created_at: now, updated_at: now })
    .execute();
  return sellerId;
}

const order = async (deps: EscrowDeps, sellerId: string): Promise<Order> =>
  must(await createOrder(deps, { actor: { kind: 'seller', sellerId }, input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng Odhiambo', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa, Othaya Road', deliveryCost: 300_00 } }));

interface Running {
  readonly composed: Composed;
  readonly base: string;
  scrape(): Promise<Exposition>;
}

async function start(dialect: 'sqlite' | 'postgres', extra: NodeJS.ProcessEnv = {}): Promise<Running> {
  const config = loadConfig({ ...(await environment(dialect)), FRONTEND_DIST: '/nonexistent', ...extra });
  const logger = recordingLogger();
  const composed = await compose(config, logger, { dispatchIntervalMs: 600_000 });
  let server: RunningServer;
  try {
    server = await startServer({ app: composed.app, port: 0, host: '127.0.0.1', logger, signals: [], drainMs: 0, onClose: () => composed.close() });
  } catch (error) {
    await composed.close();
    throw error;
  }
  cleanups.push(() => server.shutdown());
  const base = `http://127.0.0.1:${server.port}`;
  return {
    composed,
    base,
    async scrape() {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      return parseExposition(await response.text());
    },
  };
}

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(dialects)('GET /metrics on %s', (dialect) => {
  it('is served only with the token: none, a wrong one or another scheme get a bare 401', async () => {
    const { base } = await start(dialect, { METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}${TOKEN}`, `Basic ${TOKEN}`, 'Bearer ', TOKEN]) {
      const response = await fetch(`${base}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).toBe('');
    }
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('is not there without METRICS_TOKEN: /metrics is answered as any page that does not exist', async () => {
    const { base } = await start(dialect);
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await fetch(`${base}/no-such-page`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).not.toBe(200);
    expect(response.status).toBe(unknown.status);
    expect(await response.text()).toBe(await unknown.text());
  });

  it('counts requests by route pattern, never by path, and reports orders, payments, payouts and the outbox as the database holds them', async () => {
    const { composed, base, scrape } = await start(dialect, { METRICS_TOKEN: TOKEN });
    const { deps } = composed;
    const sellerId = await seller(composed.database);
    const waiting = [await order(deps, sellerId), await order(deps, sellerId), await order(deps, sellerId)];
    const cancelled = await order(deps, sellerId);
    must(await cancelOrder(deps, { orderId: cancelled.id, actor: { kind: 'seller', sellerId } }));
    const paid = await order(deps, sellerId);
    const paidWith = await payByPaybill(deps, paid);
    must(await confirmPayment(deps, { orderId: paid.id, actor: { kind: 'buyer', deliveryCode: paid.deliveryCode }, mpesaReceipt: paidWith, termsAccepted: true }));
    const now = new Date();
    await deps.store.transaction(async (tx) => {
      await tx.payouts.insert(newPayout({ id: randomUUID(), order: paid, purpose: 'seller', amount: 100_00 as Cents, state: 'queued', now }));
      await tx.payouts.insert(newPayout({ id: randomUUID(), order: paid, purpose: 'rider', amount: 300_00 as Cents, state: 'awaiting_approval', now }));
    });

    // Public tracking of two real orders and one that does not exist: three paths, one route.
    const tracked = [waiting[0]!.id, paid.id, randomUUID()];
    const statuses = [];
    for (const id of tracked) statuses.push((await fetch(`${base}/api/public/orders/${id}`)).status);
    expect(statuses).toEqual([200, 200, 404]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/no/such/route/${paid.deliveryCode}`)).status).toBe(404);

    // The commits above woke the dispatcher (decision 0074): once what they queued is sent, one
    // message waits for its retry, so the outbox is read with a message unsent and none sending.
    await composed.sendOutboxNow();
    const retrying = randomUUID();
    await deps.store.transaction((tx) =>
      tx.outbox.enqueue({ id: retrying, topic: 'notification', payload: { channel: 'sms', to: '+254711111111', subject: 'Payment confirmed', body: 'Payment confirmed.' }, createdAt: new Date(now.getTime() - 5_000), attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000), deliveredAt: null, lastError: 'connection refused' }),
    );
    const before = await scrape();
    const requests = seriesOf(before, 'http_requests_total');
    expect(requests.map((sample) => sample.labels).sort((a, b) => `${a.route}${a.status}`.localeCompare(`${b.route}${b.status}`))).toEqual([
      { method: 'GET', route: '/api/health', status: '200' },
      { method: 'GET', route: '/api/public/orders/:id', status: '200' },
      { method: 'GET', route: '/api/public/orders/:id', status: '404' },
      { method: 'GET', route: 'unmatched', status: '404' },
    ]);
    expect(valueOf(before, 'http_requests_total', { method: 'GET', route: '/api/public/orders/:id', status: '200' })).toBe(2);
    expect(valueOf(before, 'http_requests_total', { method: 'GET', route: '/api/public/orders/:id', status: '404' })).toBe(1);
    expect(valueOf(before, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/public/orders/:id' })).toBe(3);
    expect(valueOf(before, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/public/orders/:id', le: '+Inf' })).toBe(3);
    expect(before.types.get('http_request_duration_seconds')).toBe('histogram');
    // No id, code or tracking number in any label of any series.
    const secrets = [...tracked, paid.deliveryCode, paid.trackingNumber, ...waiting.map((o) => o.id)];
    for (const sample of before.samples) for (const value of Object.values(sample.labels)) for (const secret of secrets) expect(value).not.toContain(secret);

    expect(nonZero(before, 'escrow_orders', ['status'])).toEqual({ awaiting_payment: 3, cancelled: 1, paid: 1 });
    expect(seriesOf(before, 'escrow_orders')).toHaveLength(11);
    const c2b = await composed.database.db.selectFrom('c2b_payments').select('status').where('trans_id', '=', paidWith).executeTakeFirstOrThrow();
    expect(nonZero(before, 'escrow_payments', ['kind', 'state'])).toEqual({ [`c2b/${c2b.status}`]: 1 });
    expect(nonZero(before, 'escrow_payouts', ['purpose', 'state'])).toEqual({ 'seller/queued': 1, 'rider/awaiting_approval': 1 });
    expect(seriesOf(before, 'escrow_payouts')).toHaveLength(24);

    // The outbox as the CLI's `outbox status` counts it, read another way.
    const status = await deps.store.read((tx) => tx.outbox.status(new Date(), 0));
    expect(status.due + status.waiting).toBeGreaterThan(0);
    expect(valueOf(before, 'escrow_outbox_messages', { state: 'unsent' })).toBe(status.due + status.waiting);
    const age = valueOf(before, 'escrow_outbox_oldest_age_seconds', { state: 'unsent' }) ?? -1;
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThan((Date.now() - now.getTime()) / 1_000 + 60);
    expect(valueOf(before, 'escrow_outbox_messages', { state: 'given_up' })).toBe(0);
    for (const family of ['orders', 'payments', 'payouts', 'outbox']) {
      expect(valueOf(before, 'escrow_metrics_collect_up', { family })).toBe(1);
      expect(valueOf(before, 'escrow_metrics_collect_errors_total', { family })).toBe(0);
    }
    expect(valueOf(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (dialect === 'postgres') {
      expect(valueOf(before, 'escrow_db_pool_size')).toBe(7);
      expect(valueOf(before, 'escrow_db_pool_waiting_requests')).toBe(0);
      const busy = valueOf(before, 'escrow_db_pool_connections', { state: 'busy' }) ?? -1;
      const idle = valueOf(before, 'escrow_db_pool_connections', { state: 'idle' }) ?? -1;
      expect(busy).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(busy + idle).toBeLessThanOrEqual(7);
    } else {
      expect(seriesOf(before, 'escrow_db_pool_size')).toEqual([]);
    }

    // The outbox sent: no backlog, and the first scrape was counted under its own route.
    await composed.database.db.updateTable('outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('id', '=', retrying).execute();
    await composed.sendOutboxNow();
    const after = await scrape();
    expect(valueOf(after, 'escrow_outbox_messages', { state: 'unsent' })).toBe(0);
    expect(valueOf(after, 'escrow_outbox_oldest_age_seconds', { state: 'unsent' })).toBe(0);
    expect(valueOf(after, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBe(1);
  });

  it('shows a buyer live stream while it is open, and not after the buyer goes away', async () => {
    const { composed, base, scrape } = await start(dialect, { METRICS_TOKEN: TOKEN });
    const sellerId = await seller(composed.database);
    const watched = await order(composed.deps, sellerId);
    expect(valueOf(await scrape(), 'escrow_sse_clients')).toBe(0);
    const leave = new AbortController();
    const response = await fetch(`${base}/api/live/orders/${watched.id}?code=${watched.deliveryCode}`, { signal: leave.signal });
    expect(response.status).toBe(200);
    const stream = sseReader(response);
    expect(await stream.next()).toEqual({ event: 'ready', data: { orderId: watched.id } });
    expect(valueOf(await scrape(), 'escrow_sse_clients')).toBe(1);
    // The counted stream still carries the order's changes.
    must(await cancelOrder(composed.deps, { orderId: watched.id, actor: { kind: 'seller', sellerId } }));
    expect((await stream.nextEvent('order.changed'))?.data).toMatchObject({ orderId: watched.id, status: 'cancelled' });
    expect(valueOf(await scrape(), 'escrow_sse_clients')).toBe(1);
    leave.abort();
    await stream.cancel().catch(() => undefined);
    const gone = await eventually(scrape, (e) => valueOf(e, 'escrow_sse_clients') === 0);
    expect(valueOf(gone, 'escrow_sse_clients')).toBe(0);
    expect(valueOf(gone, 'http_requests_total', { method: 'GET', route: '/api/live/orders/:id', status: '200' })).toBe(1);
  });

  it('still answers when the database is gone: the request series, and each database family as down', async () => {
    const { composed, base, scrape } = await start(dialect, { METRICS_TOKEN: TOKEN });
    expect((await fetch(`${base}/api/public/orders/${randomUUID()}`)).status).toBe(404);
    await composed.database.close();
    const down = await scrape();
    for (const family of ['orders', 'payments', 'payouts', 'outbox']) {
      expect(valueOf(down, 'escrow_metrics_collect_up', { family })).toBe(0);
      expect(valueOf(down, 'escrow_metrics_collect_errors_total', { family })).toBe(1);
    }
    expect(seriesOf(down, 'escrow_orders')).toEqual([]);
    expect(seriesOf(down, 'escrow_outbox_messages')).toEqual([]);
    expect(seriesOf(down, 'escrow_outbox_oldest_age_seconds')).toEqual([]);
    expect(valueOf(down, 'http_requests_total', { method: 'GET', route: '/api/public/orders/:id', status: '404' })).toBe(1);
  });
});
