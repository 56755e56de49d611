import { err, systemClock, type Result } from '@escrow/core';
import { createKyselyIdempotencyStore } from '@escrow/db-kysely';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { answerOf } from '../../src/http/error-handler.js';
import { idempotent } from '../../src/http/idempotency.js';
import { DIALECTS, openWorld, type World } from '../escrow-support/world.js';

// A use case whose keyed transaction returns an answer that says nothing final (here a lost race,
// 409 CONCURRENT_UPDATE): the change rolls back, the key is not stored, and a retry with the same
// key runs again (decision 0035). Real store on both databases.
describe.each(DIALECTS)('a transient answer inside a keyed transaction, on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('rolls the change back, stores no key, and lets the retry run', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    let runs = 0;
    const app = new Hono();
    app.post('/rename', (c) =>
      idempotent(
        c,
        { store: createKyselyIdempotencyStore(world.handle.db), clock: systemClock },
        { scope: 'test', fingerprint: {} },
        (keyed) =>
          world.deps.store.transaction(async (tx): Promise<Result<string>> => {
            runs += 1;
            const locked = await tx.orders.getForUpdate(order.id);
            await tx.orders.update(order.id, locked!.version, { itemName: `renamed ${runs}` });
            return runs === 1 ? err('CONCURRENT_UPDATE') : { ok: true, value: `renamed ${runs}` };
          }, keyed()),
        (result: Result<string>) => answerOf(result),
      ),
    );
    const send = () => app.request('/rename', { method: 'POST', headers: { 'idempotency-key': 'transient-key-0001' } });
    const first = await send();
    expect(first.status).toBe(409);
    expect((await world.reload(order.id)).itemName).toBe(order.itemName);
    expect(await world.handle.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await world.reload(order.id)).itemName).toBe('renamed 2');
    expect(await (await send()).text()).toBe(await retry.clone().text());
  });
});
