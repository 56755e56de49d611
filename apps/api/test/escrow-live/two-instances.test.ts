import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrder, type Order } from '@escrow/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { compose, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { c2bConfirmationBody, c2bConfirmationPath, TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { must, receipt } from '../escrow-support/world.js';
import { sseReader } from './sse-reader.js';

const postgres = await postgresForTests('live events across two API instances');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(postgres.available)('two API instances composed on one PostgreSQL schema', () => {
  it('each delivers every order event over SSE, whichever instance made the change (LISTEN/NOTIFY)', { timeout: 30_000 }, async () => {
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    const dataDir = await mkdtemp(join(tmpdir(), 'escrow-two-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const url = new URL(postgres.url);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    // MPESA_CALLBACK_SECRET: both instances take M-Pesa's C2B confirmations (as hand-registered C2B URLs would reach either).
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), FRONTEND_DIST: '/nonexistent', MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET });
    const a: Composed = await compose(config, recordingLogger(), { dispatchIntervalMs: 60_000 });
    cleanups.push(() => a.close());
    const b: Composed = await compose(config, recordingLogger(), { dispatchIntervalMs: 60_000 });
    cleanups.push(() => b.close());

    const now = new Date().toISOString();
    const userId = randomUUID();
    const sellerId = randomUUID();
    await a.database.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, password_hash: '-', created_at: now, last_sign_in_at: null }).execute();
    await a.database.db
      .insertInto('sellers')
      .values({ id: sellerId, user_id: userId, business_name: 'Two Shops', business_profile: null, location: 'CBD', phone: '+254711111111', whatsapp: null, logo_url: null, about: null, payment_method: 'direct_mpesa', payment_number: '+254711111111', payout_phone: '+254711111111', terms_accepted: true, terms_accepted_at: now, email: null, created_at: now, updated_at: now })
      .execute();
    const order: Order = must(await createOrder(a.deps, { actor: { kind: 'seller', sellerId }, input: { itemName: 'Laptop', price: 80_000_00, buyerName: 'Wanjiru', buyerPhone: '0722333444', buyerAddress: 'Ngong Road', deliveryCost: 0, paymentMethod: 'mpesa_pod' } }));

    const open = async (app: Composed) => {
      const response = await app.app.request(`/api/live/orders/${order.id}?code=${order.deliveryCode}`);
      expect(response.status).toBe(200);
      const stream = sseReader(response);
      expect((await stream.next())?.event).toBe('ready');
      return stream;
    };
    const [onA, onB] = [await open(a), await open(b)];

    // A change through instance A's HTTP API reaches the streams of both instances: the buyer's typed receipt, a claim.
    const typed = receipt();
    const sentA = performance.now();
    const claimed = await a.app.request(`/api/buyer/orders/${order.id}/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-delivery-code': order.deliveryCode },
      body: JSON.stringify({ termsAccepted: true, mpesaReceipt: typed }),
    });
    expect(claimed.status).toBe(200);
    const [seenA, seenB] = await Promise.all([onA.nextEvent('order.changed'), onB.nextEvent('order.changed')]);
    const latencyA = performance.now() - sentA;
    expect(seenA?.data).toMatchObject({ orderId: order.id, status: 'awaiting_payment', action: 'claim_payment' });
    expect(seenB?.data).toMatchObject({ orderId: order.id, status: 'awaiting_payment', action: 'claim_payment' });

    // M-Pesa's C2B confirmation of that receipt, taken by instance B, pays the order: both streams see it.
    const confirmed = await b.app.request(c2bConfirmationPath(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(c2bConfirmationBody({ transId: typed, billRefNumber: order.trackingNumber, amountCents: order.price })),
    });
    expect(confirmed.status).toBe(200);
    const [paidA, paidB] = await Promise.all([onA.nextEvent('order.changed'), onB.nextEvent('order.changed')]);
    expect(paidA?.data).toMatchObject({ orderId: order.id, status: 'paid', action: 'verify_payment' });
    expect(paidB?.data).toMatchObject({ orderId: order.id, status: 'paid', action: 'verify_payment' });

    // And one through instance B reaches both as well, each exactly once.
    const sentB = performance.now();
    const refund = await b.app.request(`/api/buyer/orders/${order.id}/refund-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-delivery-code': order.deliveryCode },
      body: JSON.stringify({ reason: 'Seller cannot deliver this week' }),
    });
    expect(refund.status).toBe(201);
    const [againA, againB] = await Promise.all([onA.nextEvent('order.changed'), onB.nextEvent('order.changed')]);
    const latencyB = performance.now() - sentB;
    expect(againA?.data).toMatchObject({ action: 'request_refund' });
    expect(againB?.data).toMatchObject({ action: 'request_refund' });
    await expect(onA.nextEvent('order.changed', 300)).rejects.toThrow('no server-sent event in time');
    console.log(`[postgres] two instances, LISTEN/NOTIFY: request sent -> event on both streams in ${latencyA.toFixed(1)} ms (via A) and ${latencyB.toFixed(1)} ms (via B)`);
    await onA.cancel();
    await onB.cancel();
  });
});
