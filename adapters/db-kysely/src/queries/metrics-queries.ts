import type { MetricsQueries, OrderStatus, PaymentCount, PayoutPurpose, PayoutState } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { decodeInteger, decodeTime } from '../store/codec.js';

// PostgreSQL's count(*) is bigint, which pg hands over as a string.
const count = (value: unknown): number => decodeInteger(Number(value));

/**
 * The metrics scrape's reads (GET /metrics), one aggregate statement per family. The grouped
 * counts walk an index led by the state column (orders_status_idx, stk_requests_status_next_query_idx,
 * c2b_payments_status_received_idx, payouts_due_idx); the outbox figures read the partial
 * indexes of unsent and given-up messages, never the delivered ones that pile up.
 */
export interface MetricsQueriesOptions {
  /**
   * PostgreSQL: each read runs in a transaction of its own whose statement_timeout is this, so
   * the server cancels a slow one instead of holding a pooled connection until the pool's 30 s.
   * SQLite's reads are not interruptible and take no transaction (one would take the write lock).
   */
  readonly statementTimeoutMs?: number;
  readonly dialect?: SqlDialect;
}

export function createKyselyMetricsQueries(database: Kysely<Database>, options: MetricsQueriesOptions = {}): MetricsQueries {
  const { statementTimeoutMs } = options;
  const read = <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> =>
    options.dialect === 'postgres' && statementTimeoutMs !== undefined
      ? database.transaction().execute(async (trx) => {
          await sql`select set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`.execute(trx);
          return work(trx);
        })
      : work(database);
  return {
    ordersByStatus: () =>
      read(async (db) => {
        const rows = await db.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
        return rows.map((row) => ({ status: row.status as OrderStatus, count: count(row.n) }));
      }),
    paymentsByState: () =>
      read(async (db) => {
        const { rows } = await sql<{ kind: 'stk_push' | 'c2b'; state: string; n: number | string }>`
          select 'stk_push' as kind, status as state, count(*) as n from stk_requests group by status
          union all
          select 'c2b' as kind, status as state, count(*) as n from c2b_payments group by status
        `.execute(db);
        return rows.map((row) => ({ kind: row.kind, state: row.state, count: count(row.n) }) as PaymentCount);
      }),
    payoutsByState: () =>
      read(async (db) => {
        const rows = await db.selectFrom('payouts').select((eb) => ['purpose', 'state', eb.fn.countAll<number | string>().as('n')]).groupBy(['purpose', 'state']).execute();
        return rows.map((row) => ({ purpose: row.purpose as PayoutPurpose, state: row.state as PayoutState, count: count(row.n) }));
      }),
    outboxBacklog: () =>
      read(async (db) => {
        const { rows } = await sql<{ unsent: number | string; oldest: string | null; given_up: number | string }>`
          select
            (select count(*) from outbox where delivered_at is null and given_up_at is null) as unsent,
            (select min(created_at) from outbox where delivered_at is null and given_up_at is null) as oldest,
            (select count(*) from outbox where given_up_at is not null and delivered_at is null) as given_up
        `.execute(db);
        const row = rows[0];
        if (!row) throw new Error('outbox backlog returned no row');
        return { unsent: count(row.unsent), oldestUnsentAt: row.oldest === null ? null : decodeTime(row.oldest), givenUp: count(row.given_up) };
      }),
  };
}
