import type { OutboxMessage } from '@escrow/core';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createKyselyMetricsQueries } from '../../src/index.js';
import { at, newC2bPayment, newOrder, newStkRequest, seedSeller } from '../support/fixtures.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { harnessPerTest, postgresTarget, sqliteTarget, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('metrics queries');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];
const open = harnessPerTest();

const message = (createdAt: Date): OutboxMessage => ({ id: randomUUID(), topic: 'notification', payload: { to: 'x' }, createdAt, attempts: 0, nextAttemptAt: createdAt, deliveredAt: null, lastError: null });
const sorted = <T>(rows: readonly T[]): T[] => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(targets)('the metrics queries on $name', (target) => {
  it('give nothing on an empty database', async () => {
    const h = await open(target);
    const queries = createKyselyMetricsQueries(h.db);
    expect(await queries.ordersByStatus()).toEqual([]);
    expect(await queries.paymentsByState()).toEqual([]);
    expect(await queries.payoutsByState()).toEqual([]);
    expect(await queries.outboxBacklog()).toEqual({ unsent: 0, oldestUnsentAt: null, givenUp: 0 });
  });

  it('count orders by status, STK Pushes and Paybill payments by status, and the outbox backlog from the oldest unsent message', async () => {
    const h = await open(target);
    const seller = await seedSeller(h);
    const orders = [newOrder(seller.id), newOrder(seller.id), newOrder(seller.id, { status: 'cancelled' }), newOrder(seller.id, { status: 'paid', paymentConfirmed: true })];
    const [first, second] = orders;
    await h.store.transaction(async (tx) => {
      for (const order of orders) await tx.orders.insert(order);
      await tx.mpesa.insertStkRequest(newStkRequest(first!.id, { status: 'failed' }));
      await tx.mpesa.insertStkRequest(newStkRequest(second!.id, { status: 'failed' }));
      await tx.mpesa.insertStkRequest(newStkRequest(second!.id, { status: 'pending' }));
      await tx.mpesa.insertC2bPayment(newC2bPayment({ status: 'unmatched' }));
    });
    const oldest = message(at(1));
    const delivered = message(at(0));
    const givenUp = message(at(0, 5));
    const newer = message(at(7));
    await h.store.transaction(async (tx) => {
      for (const m of [oldest, delivered, givenUp, newer]) await tx.outbox.enqueue(m);
    });
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered(delivered.id, at(2));
      const [claimed] = (await tx.outbox.claimDue(at(3), 10, at(4))).filter((m) => m.id === givenUp.id);
      await tx.outbox.markGivenUp(givenUp.id, claimed!.attempts, 'refused', at(3));
    });

    const queries = createKyselyMetricsQueries(h.db);
    const defaultStatus = orders[0]!.status;
    expect(sorted(await queries.ordersByStatus())).toEqual(sorted([{ status: defaultStatus, count: 2 }, { status: 'cancelled', count: 1 }, { status: 'paid', count: 1 }]));
    expect(sorted(await queries.paymentsByState())).toEqual(sorted([{ kind: 'stk_push', state: 'failed', count: 2 }, { kind: 'stk_push', state: 'pending', count: 1 }, { kind: 'c2b', state: 'unmatched', count: 1 }]));
    // The oldest message is still unsent, though it was claimed (leased) above and not sent.
    expect(await queries.outboxBacklog()).toEqual({ unsent: 2, oldestUnsentAt: at(1), givenUp: 1 });
  });
});

describe.runIf(postgres.available)('the metrics queries on PostgreSQL with a statement timeout', () => {
  it('give up on a read the server cannot answer in time (a table locked), and leave the connection with its own timeout', async () => {
    const h = await open(postgresTarget(postgres.url), { poolSize: 1 });
    const queries = createKyselyMetricsQueries(h.db, { dialect: 'postgres', statementTimeoutMs: 200 });
    expect(await queries.ordersByStatus()).toEqual([]);
    const locker = new pg.Client({ connectionString: h.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table orders in access exclusive mode');
      const started = Date.now();
      await expect(queries.ordersByStatus()).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(5_000);
      // Without the timeout the same read waits for the lock (the pool's own limit is 30 s).
      const unbounded = createKyselyMetricsQueries(h.db, { dialect: 'postgres' }).ordersByStatus();
      const waited = await Promise.race([unbounded.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 600))]);
      expect(waited).toBe('waiting');
      await locker.query('rollback');
      expect(await unbounded).toEqual([]);
    } finally {
      await locker.end();
    }
    // SET LOCAL: the pool's one connection is back to the statement timeout openPostgres gave it.
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(h.db);
    expect(rows[0]?.statement_timeout).toBe('30s');
  });
});
