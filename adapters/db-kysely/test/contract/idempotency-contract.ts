import { IdempotencyKeyUsed, type EscrowStore, type IdempotencyKeyRequest, type IdempotentAnswer, type IdempotentChange } from '@escrow/core';
import { expect, it } from 'vitest';
import { createKyselyIdempotencyStore } from '../../src/index.js';
import { newOrder, newRider, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

const DAY = 86_400_000;

/** A keyed request at `now`, and what the store did with it. */
function keyed<T>(key: string, options: { hash?: string; now?: Date; render?: (value: T) => IdempotentAnswer } = {}) {
  const now = options.now ?? new Date();
  const request: IdempotencyKeyRequest = { scope: 'scope-1', key, requestHash: options.hash ?? 'hash-1', now, expiresAt: new Date(now.getTime() + DAY) };
  const seen = { rendered: 0, committed: [] as IdempotentAnswer[] };
  const change: IdempotentChange<T> = {
    request,
    answer(value) {
      seen.rendered += 1;
      return options.render?.(value) ?? { status: 200, body: JSON.stringify({ data: value }) };
    },
    committed: (answer) => seen.committed.push(answer),
  };
  return { change, seen };
}

/** A use case's change: lock the order, rename it, note an audit event; returns the new name. */
const rename = (store: EscrowStore, orderId: string, itemName: string, change?: IdempotentChange<string>) =>
  store.transaction(
    async (tx) => {
      const order = await tx.orders.getForUpdate(orderId);
      if (!order) throw new Error('no order');
      if (!(await tx.orders.update(orderId, order.version, { itemName }))) throw new Error('lost the update');
      await tx.events.append({ id: `${orderId}-${itemName}-${Math.random()}`, orderId, action: 'rename', actor: 'system', fromStatus: order.status, toStatus: order.status, data: {}, at: new Date() });
      return itemName;
    },
    { idempotency: change },
  );

const keyRows = (h: StoreHarness, key: string) => h.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
const orderOf = (h: StoreHarness, id: string) => h.db.selectFrom('orders').select(['item_name', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = async (h: StoreHarness, id: string) => (await h.db.selectFrom('order_events').select('id').where('order_id', '=', id).execute()).length;

async function anOrder(h: StoreHarness) {
  const order = newOrder((await seedSeller(h)).id);
  await h.store.transaction((tx) => tx.orders.insert(order));
  return order;
}

/**
 * Idempotency-Keys written by the change's own transaction (docs/decisions/0035): the same
 * behaviour on SQLite (key looked up first) and PostgreSQL (key written in the flush statement).
 */
export function idempotencyContract(harness: HarnessAccess): void {
  it('commits the key with the answer rendered from the result, in the change’s own commit', async () => {
    const h = harness();
    const order = await anOrder(h);
    const { change, seen } = keyed<string>('key-a', { render: (name) => ({ status: 201, body: `{"name":"${name}"}` }) });
    expect(await rename(h.store, order.id, 'renamed', change)).toBe('renamed');
    expect(seen).toEqual({ rendered: 1, committed: [{ status: 201, body: '{"name":"renamed"}' }] });
    expect(await keyRows(h, 'key-a')).toMatchObject([{ scope: 'scope-1', request_hash: 'hash-1', response_status: 201, response_body: '{"name":"renamed"}' }]);
    expect(await orderOf(h, order.id)).toMatchObject({ item_name: 'renamed', version: 1 });
    const found = await createKyselyIdempotencyStore(h.db).find('scope-1', 'key-a', new Date());
    expect(found).toEqual({ requestHash: 'hash-1', status: 201, body: '{"name":"renamed"}' });
  });

  it('a second run with the same key changes nothing and throws the stored answer', async () => {
    const h = harness();
    const order = await anOrder(h);
    await rename(h.store, order.id, 'first', keyed<string>('key-b').change);
    const again = keyed<string>('key-b', { hash: 'another request' });
    const error = await rename(h.store, order.id, 'second', again.change).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyUsed);
    expect((error as IdempotencyKeyUsed).stored).toEqual({ requestHash: 'hash-1', status: 200, body: '{"data":"first"}' });
    expect(again.seen.committed).toEqual([]);
    expect(await orderOf(h, order.id)).toMatchObject({ item_name: 'first', version: 1 });
    expect(await eventsOf(h, order.id)).toBe(1);
    expect(await keyRows(h, 'key-b')).toHaveLength(1);
  });

  it('work that throws stores no key: a retry runs and commits', async () => {
    const h = harness();
    const order = await anOrder(h);
    const failing = keyed<string>('key-c');
    await expect(
      h.store.transaction(async (tx) => {
        await tx.riders.insert(newRider(order.sellerId));
        throw new Error('boom');
      }, { idempotency: failing.change as unknown as IdempotentChange<never> }),
    ).rejects.toThrow('boom');
    expect(await keyRows(h, 'key-c')).toEqual([]);
    expect(failing.seen).toEqual({ rendered: 0, committed: [] });
    expect(await rename(h.store, order.id, 'retried', keyed<string>('key-c').change)).toBe('retried');
    expect(await keyRows(h, 'key-c')).toHaveLength(1);
  });

  it('an expired key, or one left unanswered by the older claim-first scheme, counts as new', async () => {
    const h = harness();
    const order = await anOrder(h);
    const long = new Date(Date.now() - 2 * DAY);
    await rename(h.store, order.id, 'long ago', keyed<string>('key-d', { now: long }).change);
    await h.db.insertInto('idempotency_keys').values({ scope: 'scope-1', key: 'key-e', request_hash: 'hash-1', response_status: null, response_body: null, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + DAY).toISOString() }).execute();
    expect(await rename(h.store, order.id, 'now', keyed<string>('key-d', { hash: 'hash-2' }).change)).toBe('now');
    expect(await rename(h.store, order.id, 'unanswered', keyed<string>('key-e').change)).toBe('unanswered');
    expect(await keyRows(h, 'key-d')).toMatchObject([{ request_hash: 'hash-2', response_body: '{"data":"now"}' }]);
    expect(await keyRows(h, 'key-e')).toMatchObject([{ response_status: 200, response_body: '{"data":"unanswered"}' }]);
    expect(await createKyselyIdempotencyStore(h.db).deleteExpired(new Date(Date.now() + 2 * DAY))).toBe(2);
  });

  it('ten concurrent runs with one key: exactly one commits, nine get its answer', { timeout: 30_000 }, async () => {
    const h = harness();
    const order = await anOrder(h);
    const runs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => rename(h.store, order.id, `name-${i}`, keyed<string>('key-f').change)));
    const won = runs.filter((r) => r.status === 'fulfilled');
    const replayed = runs.filter((r): r is PromiseRejectedResult => r.status === 'rejected' && r.reason instanceof IdempotencyKeyUsed);
    expect(won).toHaveLength(1);
    expect(replayed).toHaveLength(9);
    const winner = (won[0] as PromiseFulfilledResult<string>).value;
    for (const r of replayed) expect((r.reason as IdempotencyKeyUsed).stored.body).toBe(JSON.stringify({ data: winner }));
    expect(await orderOf(h, order.id)).toMatchObject({ item_name: winner, version: 1 });
    expect(await eventsOf(h, order.id)).toBe(1);
  });

  it('a duplicate that fails for another reason once the key is stored still gets the stored answer', async () => {
    const h = harness();
    const order = await anOrder(h);
    await rename(h.store, order.id, 'first', keyed<string>('key-g').change);
    const duplicate = keyed<string>('key-g');
    const error = await h.store
      .transaction(async () => {
        throw new Error('a unique index refused the duplicate');
      }, { idempotency: duplicate.change as unknown as IdempotentChange<never> })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyUsed);
    expect((error as IdempotencyKeyUsed).stored.body).toBe('{"data":"first"}');
  });
}
