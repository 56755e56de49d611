import type { EscrowStore, IdempotencyClaimRequest, IdempotencyStore } from '@escrow/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, createKyselyIdempotencyStore } from '../src/index.js';
import { newOrder, seedSeller } from './support/fixtures.js';
import { postgresForTests } from './support/postgres.js';
import { postgresTarget, type StoreHarness } from './support/store-harness.js';

// IdempotencyStore.withinChange on PostgreSQL (src/idempotency/held-changes.ts, decision 0024):
// the change's transaction waits for the request's answer and commits it with the key.
const postgres = await postgresForTests('held changes');

describe.runIf(postgres.available)('a change held for its answer (PostgreSQL)', () => {
  const harnesses: StoreHarness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.dispose();
  });

  const setUp = async () => {
    const h = await postgresTarget(postgres.url).open({ poolSize: 6 });
    harnesses.push(h);
    // As deployed: the store NOTIFYs with the commit (nobody listens here), so it can carry keys.
    const store = createKyselyEscrowStore(h.db, 'postgres', { notifyChannel: 't_held_changes' });
    const keys = createKyselyIdempotencyStore(h.db, 'postgres');
    const order = newOrder((await seedSeller(h)).id);
    await store.transaction((tx) => tx.orders.insert(order));
    return { h, store, keys, order };
  };

  const request = (key: string, hash = 'hash-1'): IdempotencyClaimRequest => {
    const now = new Date();
    return { scope: 'scope-1', key, requestHash: hash, now, expiresAt: new Date(now.getTime() + 86_400_000), staleBefore: new Date(now.getTime() - 60_000) };
  };

  /** A use case's change: lock the order, rename it, note an audit event. */
  const rename = (store: EscrowStore, orderId: string, itemName: string) =>
    store.transaction(async (tx) => {
      const order = await tx.orders.getForUpdate(orderId);
      if (!order) throw new Error('no order');
      await tx.orders.update(orderId, order.version, { itemName });
      await tx.events.append({ id: `${orderId}-${itemName}`, orderId, action: 'rename', actor: 'system', fromStatus: order.status, toStatus: order.status, data: {}, at: new Date() });
      return itemName;
    });

  const keyRow = (h: StoreHarness, key: string) => h.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  const itemName = async (h: StoreHarness, orderId: string) => (await h.db.selectFrom('orders').select('item_name').where('id', '=', orderId).executeTakeFirstOrThrow()).item_name;
  const within = <T>(keys: IdempotencyStore, req: IdempotencyClaimRequest, run: () => Promise<T>) => keys.withinChange!(req, run);

  it('commits the change with the key and its answer in one commit, nothing of either before', async () => {
    const { h, store, keys, order } = await setUp();
    const outcome = await within(keys, request('key-a'), () => rename(store, order.id, 'renamed'));
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran' || !outcome.held) throw new Error('expected a held change');
    expect(outcome.value).toBe('renamed');
    // Held: other connections see neither the change nor the key.
    expect(await itemName(h, order.id)).toBe(order.itemName);
    expect(await keyRow(h, 'key-a')).toBeUndefined();
    expect(await outcome.held.commit({ status: 200, body: '{"data":"renamed"}' })).toBe('committed');
    expect(await itemName(h, order.id)).toBe('renamed');
    expect(await keyRow(h, 'key-a')).toMatchObject({ scope: 'scope-1', request_hash: 'hash-1', response_status: 200, response_body: '{"data":"renamed"}' });
  });

  it('a second request with the key makes its change, finds the key at commit and rolls back', async () => {
    const { h, store, keys, order } = await setUp();
    const first = await within(keys, request('key-b'), () => rename(store, order.id, 'first'));
    if (first.kind !== 'ran' || !first.held) throw new Error('expected a held change');
    expect(await first.held.commit({ status: 200, body: 'first' })).toBe('committed');
    const second = await within(keys, request('key-b'), () => rename(store, order.id, 'second'));
    if (second.kind !== 'ran' || !second.held) throw new Error('expected a held change');
    expect(await second.held.commit({ status: 200, body: 'second' })).toBe('taken');
    expect(await itemName(h, order.id)).toBe('first');
    expect(await keyRow(h, 'key-b')).toMatchObject({ response_body: 'first' });
    const events = await store.read((tx) => tx.events.listByOrder(order.id));
    expect(events.map((e) => e.action)).toEqual(['rename']);
  });

  it('two at once with one key: one commits, the other waits for it and is told the key is taken', async () => {
    const { h, store, keys, order } = await setUp();
    const go = async (name: string) => {
      const outcome = await within(keys, request('key-c'), () => rename(store, order.id, name));
      if (outcome.kind !== 'ran' || !outcome.held) return outcome.kind;
      return outcome.held.commit({ status: 200, body: name });
    };
    const results = await Promise.all([go('one'), go('two')]);
    expect(results.sort()).toEqual(['committed', 'taken']);
    const stored = await keyRow(h, 'key-c');
    expect(await itemName(h, order.id)).toBe(stored?.response_body);
  });

  it('rolls the change back when the request fails after it, or asks for it', async () => {
    const { h, store, keys, order } = await setUp();
    await expect(
      within(keys, request('key-d'), async () => {
        await rename(store, order.id, 'lost');
        throw new Error('rendering failed');
      }),
    ).rejects.toThrow('rendering failed');
    const asked = await within(keys, request('key-e'), () => rename(store, order.id, 'undone'));
    if (asked.kind !== 'ran' || !asked.held) throw new Error('expected a held change');
    expect(await asked.held.rollback()).toBe('rolled-back');
    expect(await itemName(h, order.id)).toBe(order.itemName);
    expect(await keyRow(h, 'key-d')).toBeUndefined();
    expect(await keyRow(h, 'key-e')).toBeUndefined();
  });

  /** A change made, then the store used again while it is held: it commits early with its key pending. */
  const committedEarly = async (key: string, name: string) => {
    const { h, store, keys, order } = await setUp();
    const outcome = await within(keys, request(key), async () => {
      await rename(store, order.id, name);
      // A read while the change is held would wait on nothing: the change commits first.
      return store.read((tx) => tx.orders.get(order.id));
    });
    if (outcome.kind !== 'ran' || !outcome.held) throw new Error('expected a held change');
    return { h, order, value: outcome.value, held: outcome.held };
  };

  it('commits early, with the key pending, when the request uses the store again; the answer is stored after', async () => {
    const { h, value, held } = await committedEarly('key-f', 'early');
    expect(value?.itemName).toBe('early');
    expect(await keyRow(h, 'key-f')).toMatchObject({ response_status: null });
    expect(await held.commit({ status: 200, body: 'early' })).toBe('committed');
    expect(await keyRow(h, 'key-f')).toMatchObject({ response_status: 200, response_body: 'early' });
  });

  it('keeps a change that committed early when the request gives its key up: only the pending key goes', async () => {
    const { h, order, held } = await committedEarly('key-i', 'committed early');
    expect(await held.rollback()).toBe('kept');
    expect(await itemName(h, order.id)).toBe('committed early');
    expect(await keyRow(h, 'key-i')).toBeUndefined();
  });

  it('holds nothing for a request that changes nothing, and leaves a store that cannot carry keys to the claim', async () => {
    const { h, keys, order } = await setUp();
    const none = await within(keys, request('key-g'), async () => 'refused early');
    expect(none).toEqual({ kind: 'ran', value: 'refused early', held: null });
    // A store that publishes after commit (no NOTIFY channel) must not hold a change.
    const plain = createKyselyEscrowStore(h.db, 'postgres');
    let ran = false;
    const refused = await within(keys, request('key-h'), () =>
      plain.transaction(async () => {
        ran = true;
      }),
    );
    expect(refused).toEqual({ kind: 'use-claim' });
    expect(ran).toBe(false);
    expect(await itemName(h, order.id)).toBe(order.itemName);
    expect(await keyRow(h, 'key-g')).toBeUndefined();
  });
});
