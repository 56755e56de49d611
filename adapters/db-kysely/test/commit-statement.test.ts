import type { OrderChangedEvent, OutboxMessage } from '@escrow/core';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore } from '../src/index.js';
import { within } from './support/expectations.js';
import { at, newOrder, seedSeller } from './support/fixtures.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { harnessPerTest, postgresTarget, sqliteTarget, type StoreTarget } from './support/store-harness.js';

// Audit events, ledger postings and lines, outbox rows and code attempts are held until the
// transaction commits and go out as one statement on PostgreSQL (store/deferred-inserts.ts);
// order events are NOTIFYed in that statement when the store has a channel.
const postgres = await postgresForTests('the commit statement');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const open = harnessPerTest();

const event = (orderId: string, action: string) => ({ id: `${orderId}-${action}`, orderId, action, actor: 'system', fromStatus: null, toStatus: 'paid' as const, data: { action }, at: at(1) });

describe.each(targets.map((target) => [target.name, target] as const))('appends held to the commit on %s', (_name, target) => {
  it('are read back inside the transaction in append order, and stored once it commits', async () => {
    const h = await open(target);
    const order = newOrder((await seedSeller(h)).id);
    const inside = await h.store.transaction(async (tx) => {
      await tx.orders.insert(order);
      for (const action of ['first', 'second', 'third']) await tx.events.append(event(order.id, action));
      await tx.ledger.append([{ id: `p-${order.id}`, orderId: order.id, kind: 'payment_in', reference: 'R1', createdAt: at(2), entries: [{ account: 'mpesa_clearing', amount: -order.price }, { account: 'escrow', amount: order.price }] }]);
      await tx.codeAttempts.append({ id: `c-${order.id}`, orderId: order.id, actor: 'system', success: false, at: at(3) });
      // A read flushes what is held, so the transaction sees its own appends.
      const events = (await tx.events.listByOrder(order.id)).map((e) => e.action);
      await tx.events.append(event(order.id, 'fourth'));
      return { events, ledger: await tx.ledger.listByOrder(order.id) };
    });
    expect(inside.events).toEqual(['first', 'second', 'third']);
    expect(inside.ledger.map((p) => p.entries)).toEqual([[{ account: 'mpesa_clearing', amount: -order.price }, { account: 'escrow', amount: order.price }]]);
    const after = await h.store.read(async (tx) => ({ events: (await tx.events.listByOrder(order.id)).map((e) => e.action), attempts: await tx.codeAttempts.listByOrder(order.id) }));
    expect(after.events).toEqual(['first', 'second', 'third', 'fourth']);
    expect(after.attempts).toHaveLength(1);
  });

  it('are dropped with a transaction that throws, and a refused one rolls back the writes before it', async () => {
    const h = await open(target);
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    await expect(
      h.store.transaction(async (tx) => {
        await tx.orders.update(order.id, 0, { itemName: 'changed' });
        await tx.events.append(event(order.id, 'kept?'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    // An audit event for an order that does not exist breaks a foreign key at commit, when the
    // held rows go out (both databases); nothing of the transaction stays.
    await expect(
      h.store.transaction(async (tx) => {
        await tx.orders.update(order.id, 0, { itemName: 'changed' });
        await tx.events.append(event('no-such-order', 'orphan'));
        await tx.events.append(event(order.id, 'valid'));
      }),
    ).rejects.toThrow(/foreign key/i);
    const after = await h.store.read(async (tx) => ({ order: await tx.orders.get(order.id), events: await tx.events.listByOrder(order.id) }));
    expect(after.order?.itemName).toBe(order.itemName);
    expect(after.order?.version).toBe(0);
    expect(after.events).toEqual([]);
  });
});

/** Records the kind of each statement's root node ('SelectQueryNode', 'UpdateQueryNode', ...). */
class StatementKinds implements KyselyPlugin {
  readonly kinds: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.kinds.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Records the table of each INSERT, in order. */
class InsertedTables implements KyselyPlugin {
  readonly tables: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as { kind: string; into?: { table?: { identifier?: { name?: string } } } };
    if (node.kind === 'InsertQueryNode') this.tables.push(node.into?.table?.identifier?.name ?? '?');
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe('held rows on SQLite', () => {
  it('go out as one INSERT per table when the transaction flushes, in the order of their first row', async () => {
    const h = await open(sqliteTarget);
    const inserted = new InsertedTables();
    const store = createKyselyEscrowStore(h.db.withPlugin(inserted), 'sqlite');
    const order = newOrder((await seedSeller(h)).id);
    await store.transaction((tx) => tx.orders.insert(order));
    inserted.tables.length = 0;
    await store.transaction(async (tx) => {
      for (const action of ['one', 'two', 'three']) await tx.events.append(event(order.id, action));
      await tx.ledger.append([{ id: `p-${order.id}`, orderId: order.id, kind: 'payment_in', reference: 'R9', createdAt: at(2), entries: [{ account: 'mpesa_clearing', amount: -order.price }, { account: 'escrow', amount: order.price }] }]);
      for (const i of [1, 2]) await tx.codeAttempts.append({ id: `c${i}-${order.id}`, orderId: order.id, actor: 'system', success: false, at: at(3) });
      // Nothing has gone out yet.
      expect(inserted.tables).toEqual([]);
    });
    expect(inserted.tables).toEqual(['order_events', 'ledger_postings', 'ledger_entries', 'code_attempts']);
    const after = await store.read(async (tx) => ({ events: (await tx.events.listByOrder(order.id)).map((e) => e.action), attempts: await tx.codeAttempts.listByOrder(order.id), ledger: await tx.ledger.listByOrder(order.id) }));
    expect(after.events).toEqual(['one', 'two', 'three']);
    expect(after.attempts).toHaveLength(2);
    expect(after.ledger).toHaveLength(1);
  });
});

describe.each(targets.map((target) => [target.name, target] as const))('an order locked and changed in one transaction on %s', (name, target) => {
  it('is changed once, at the version it was read, and the transaction sees its own change', async () => {
    const h = await open(target);
    const statements = new StatementKinds();
    const store = createKyselyEscrowStore(h.db.withPlugin(statements), name === 'postgres' ? 'postgres' : 'sqlite');
    const order = newOrder((await seedSeller(h)).id);
    await store.transaction((tx) => tx.orders.insert(order));
    statements.kinds.length = 0;
    await store.transaction(async (tx) => {
      const locked = await tx.orders.getForUpdate(order.id);
      expect(await tx.orders.update(order.id, locked!.version, { itemName: 'first change', updatedAt: at(5) })).toBe(true);
      await tx.events.append(event(order.id, 'changed'));
    });
    // PostgreSQL: the lock read and ONE statement carrying the update with the audit row (the
    // update is not a statement of its own); SQLite runs the update at once, the audit row at commit.
    if (name === 'postgres') expect(statements.kinds.filter((k) => k !== 'RawNode')).toEqual(['SelectQueryNode', 'SelectQueryNode']);
    else expect(statements.kinds).toContain('UpdateQueryNode');

    const inside = await store.transaction(async (tx) => {
      const locked = await tx.orders.getForUpdate(order.id);
      expect(locked?.version).toBe(1);
      expect(await tx.orders.update(order.id, 1, { itemName: 'second change' })).toBe(true);
      // A read of the order inside the transaction sees the change (what was held is sent first).
      const seen = await tx.orders.get(order.id);
      // The row is now at version 2: a change expecting 1 is refused, one expecting 2 is made.
      const stale = await tx.orders.update(order.id, 1, { itemName: 'stale change' });
      const fresh = await tx.orders.update(order.id, 2, { itemName: 'third change' });
      return { seen, stale, fresh };
    });
    expect(inside.seen).toMatchObject({ itemName: 'second change', version: 2 });
    expect(inside.stale).toBe(false);
    expect(inside.fresh).toBe(true);
    const after = await store.read(async (tx) => ({ order: await tx.orders.get(order.id), events: await tx.events.listByOrder(order.id) }));
    expect(after.order).toMatchObject({ itemName: 'third change', version: 3 });
    expect(after.events.map((e) => e.action)).toEqual(['changed']);
  });

  it('is left as it was when the transaction throws after the change', async () => {
    const h = await open(target);
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    await expect(
      h.store.transaction(async (tx) => {
        await tx.orders.getForUpdate(order.id);
        await tx.orders.update(order.id, 0, { itemName: 'never kept' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toMatchObject({ itemName: order.itemName, version: 0 });
  });
});

describe.runIf(postgres.available)('order events NOTIFYed with the commit (PostgreSQL)', () => {
  it('reach a listener only when the transaction commits, once each', async () => {
    const h = await open(postgresTarget(postgres.url));
    const channel = `t_events_${Math.random().toString(36).slice(2, 10)}`;
    const store = createKyselyEscrowStore(h.db, 'postgres', { notifyChannel: channel });
    const listener = new pg.Client({ connectionString: postgres.url });
    await listener.connect();
    const heard: string[] = [];
    let wake = () => {};
    listener.on('notification', (message) => {
      if (message.channel === channel && message.payload) heard.push(message.payload);
      wake();
    });
    await listener.query(`LISTEN ${channel}`);
    const next = () => new Promise<void>((resolve) => (wake = resolve));
    try {
      const order = newOrder((await seedSeller(h)).id);
      const changed = (action: string): OrderChangedEvent => ({ type: 'order.changed', orderId: order.id, sellerId: order.sellerId, status: 'paid', action, at: at(1).toISOString() });

      await expect(
        store.transaction(async (tx) => {
          await tx.orders.insert(order);
          tx.commitEvents?.publishOnCommit([changed('rolled-back')]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      const arrived = next();
      await store.transaction(async (tx) => {
        await tx.orders.insert(order);
        await tx.events.append(event(order.id, 'committed'));
        tx.commitEvents?.publishOnCommit([changed('committed')]);
        // Nothing is sent before the commit.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([]);
      });
      await within(arrived, 5_000, 'the notification after commit');
      expect(heard.map((payload) => JSON.parse(payload) as OrderChangedEvent)).toEqual([changed('committed')]);
      expect(await store.read((tx) => tx.events.listByOrder(order.id))).toHaveLength(1);

      // A read outside a transaction has no commit to send events with.
      expect(await store.read(async (tx) => tx.commitEvents)).toBeUndefined();
      const tooBig = { ...changed('x'), action: 'x'.repeat(8_000) };
      await expect(store.transaction(async (tx) => tx.commitEvents?.publishOnCommit([tooBig]))).rejects.toThrow(/too large/);
    } finally {
      await listener.end();
    }
  });
});

/** An email waiting in the outbox since minute 1. */
const message = (id: string): OutboxMessage => ({ id, topic: 'notification', payload: { channel: 'email', to: 'a@example.com', subject: 's', body: id }, createdAt: at(1), attempts: 0, nextAttemptAt: at(1), deliveredAt: null, lastError: null });

describe.each(targets.map((target) => [target.name, target] as const))('EscrowStore.single on %s', (_name, target) => {
  it('runs one writing statement on its own, and refuses a second before it runs', async () => {
    const h = await open(target);
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));

    // Reads are free; one write passes and stays (there is no transaction to roll back).
    await h.store.single(async (tx) => {
      expect(await tx.orders.get(order.id)).toBeDefined();
      await tx.outbox.enqueue(message('only'));
    });
    await expect(
      h.store.single(async (tx) => {
        await tx.outbox.enqueue(message('first'));
        await tx.outbox.enqueue(message('second'));
      }),
    ).rejects.toThrow(/second writing statement/);
    const kept = await h.db.selectFrom('outbox').select('id').orderBy('id').execute();
    expect(kept.map((row) => row.id)).toEqual(['first', 'only']);
  });

  it('claims the due messages with one statement, as the dispatcher does', async () => {
    const h = await open(target);
    await h.store.transaction(async (tx) => {
      for (const id of ['m1', 'm2', 'm3']) await tx.outbox.enqueue(message(id));
    });
    const claimed = await h.store.single((tx) => tx.outbox.claimDue(at(2), 2, at(50)));
    expect(claimed.map((m) => [m.id, m.attempts])).toEqual([['m1', 1], ['m2', 1]]);
    await h.store.single((tx) => tx.outbox.markAllDelivered(claimed.map((m) => ({ id: m.id, at: at(3) }))));
    const rows = await h.db.selectFrom('outbox').select(['id', 'delivered_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.delivered_at !== null])).toEqual([['m1', true], ['m2', true], ['m3', false]]);
  });
});
