import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cancelOrder, systemClock } from '@escrow/core';
import { createKyselyIdempotencyStore } from '@escrow/db-kysely';
import { FsFileStorage } from '@escrow/storage-fs';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { idempotent } from '../../src/http/idempotency.js';
import { filesRemovedOnRollback } from '../../src/http/undo-on-rollback.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { openWorld, PNG, postgres, type World } from '../escrow-support/world.js';

// A photo stored by a request whose change is then rolled back is removed again; a photo whose
// change committed stays (src/http/undo-on-rollback.ts). PostgreSQL as deployed: the change is
// held for the request's answer (decision 0024). Real store, real files on disk.
describe.runIf(postgres.available)('photos of a rolled-back change (PostgreSQL as deployed)', () => {
  let world: World;
  afterEach(async () => world?.dispose());

  /** A route that stores a photo, cancels the order through the core, maybe reads the store again, and answers `status`. */
  const appFor = (w: World, options: { status: 200 | 503; readAgain: boolean }) => {
    const files = filesRemovedOnRollback(new FsFileStorage(w.uploadsDir));
    const deps = { store: createKyselyIdempotencyStore(w.handle.db, 'postgres'), clock: systemClock, logger: recordingLogger() };
    const app = new Hono();
    app.post('/orders/:id/cancel-with-photo', (c) =>
      idempotent(c, deps, { scope: 'seller', fingerprint: c.req.param('id'), oneChange: true }, async () => {
        // Named as storePhoto names them: unique per request.
        const { url } = await files.put(`pickup/${c.req.param('id')}-${randomUUID()}.png`, PNG, 'image/png');
        const cancelled = await cancelOrder(w.deps, { orderId: c.req.param('id'), actor: { kind: 'seller', sellerId: c.req.header('x-seller') ?? '' } });
        if (!cancelled.ok) return c.json({ error: cancelled.error }, 409);
        // A second use of the store while the change is held commits it first (its key pending).
        if (options.readAgain) await w.deps.store.read((tx) => tx.orders.get(c.req.param('id')));
        return c.json({ url }, options.status);
      }),
    );
    return app;
  };
  const send = (app: Hono, orderId: string, sellerId: string, key: string) =>
    app.request(`/orders/${orderId}/cancel-with-photo`, { method: 'POST', headers: { 'idempotency-key': key, 'x-seller': sellerId } });
  /** The photos stored for the order. */
  const photosOf = (w: World, orderId: string) => {
    const folder = join(w.uploadsDir, 'order-photos', 'pickup');
    return existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(`${orderId}-`)) : [];
  };

  /** A world, an unpaid order of its seller, and the route answering as `options` say; `send` posts to it with `key`. */
  const orderBehind = async (options: { status: 200 | 503; readAgain: boolean }) => {
    world = await openWorld('postgres', { asDeployed: true });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const app = appFor(world, options);
    return { order, send: (key: string) => send(app, order.id, sellerId, key) };
  };

  it('an answer that says nothing final (503) rolls the change back, and its photo goes with it', async () => {
    const { order, send } = await orderBehind({ status: 503, readAgain: false });
    expect((await send('key-rolled-back-0001')).status).toBe(503);
    expect((await world.reload(order.id)).status).toBe('awaiting_payment');
    expect(photosOf(world, order.id)).toEqual([]);
  });

  it('a change that had to commit early stays with its photo, even when the answer is a 503', async () => {
    const { order, send } = await orderBehind({ status: 503, readAgain: true });
    expect((await send('key-committed-early-1')).status).toBe(503);
    expect((await world.reload(order.id)).status).toBe('cancelled');
    expect(photosOf(world, order.id)).toHaveLength(1);
  });

  it('a committed change keeps its photo; its duplicate, rolled back at commit, leaves none', async () => {
    const { order, send } = await orderBehind({ status: 200, readAgain: false });
    const first = await send('key-committed-0000001');
    expect(first.status).toBe(200);
    const kept = photosOf(world, order.id);
    expect(kept).toHaveLength(1);
    expect(((await first.clone().json()) as { url: string }).url).toBe(`/uploads/order-photos/pickup/${kept[0]}`);
    // The duplicate stores its photo first, runs in its own held transaction, finds the key
    // taken at commit, rolls back and replays the first answer: its photo is removed.
    const again = await send('key-committed-0000001');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.clone().text());
    expect(photosOf(world, order.id)).toEqual(kept);
  });
});
