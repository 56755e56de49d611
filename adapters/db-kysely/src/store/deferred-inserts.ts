import { sql, type ExpressionBuilder, type Insertable, type Kysely, type OnConflictDatabase, type OnConflictTables, type QueryCreator, type Updateable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { OrdersTable } from '../schema/order-tables.js';
import type { IdempotencyKeysTable } from '../schema/operations-tables.js';

/** The append-only tables whose inserts nobody waits on: the audit trail, the ledger, the outbox. */
export type DeferrableTable = 'order_events' | 'ledger_postings' | 'ledger_entries' | 'outbox' | 'code_attempts';

type Row = Insertable<Database[DeferrableTable]>;

/**
 * Inserts into append-only tables that a transaction makes after its decision (the audit
 * event, ledger postings and their lines, outbox rows, code attempts). On PostgreSQL they are
 * held until the transaction is about to commit and then sent as ONE statement (a
 * data-modifying WITH per table): a state change makes 2 to 5 of them, and each round trip
 * costs the API about 0.1 ms of CPU on this machine (docs/decisions/0022). On SQLite they are
 * held as well and sent as one INSERT per table (`batchedInserts`).
 *
 * Rows of one table go out as one multi-row INSERT in the order they were added, so their
 * `seq` keeps the order of appending. A failing insert (a broken constraint) fails the flush
 * and so rolls the whole transaction back, as it would have failed it when made. Whoever reads
 * these tables inside the transaction flushes first.
 */
export interface Inserts {
  add<T extends DeferrableTable>(table: T, rows: readonly Insertable<Database[T]>[]): Promise<void>;
  /**
   * PostgreSQL: whether an order's conditional update may be held for the flush
   * (`holdOrderUpdate`). Only an update of a row this transaction has locked qualifies: nobody
   * else can change it until COMMIT, so the version it expects still holds at the flush.
   */
  readonly holdsUpdates: boolean;
  /**
   * Holds `UPDATE orders SET ..., version = version + 1 WHERE id AND version` for the flush
   * statement, which checks that it changed exactly one row (else the flush fails and the
   * transaction rolls back). Whoever reads `orders` in the transaction flushes first.
   */
  holdOrderUpdate(update: HeldOrderUpdate): void;
  /** Whether an order update is held (then a read of `orders` must flush first). */
  readonly holdingOrderUpdate: boolean;
  /**
   * Writes the request's Idempotency-Key row with its answer (docs/decisions/0035). PostgreSQL:
   * in the flush statement, replacing only an expired or unanswered row; when a live key is
   * there already (a concurrent duplicate's insert waits for the first one's COMMIT) the flush
   * throws KeyAlreadyStored and the transaction rolls back. SQLite: at once; the caller has
   * checked, inside this same write-locked transaction, that no live key is there.
   */
  storeKey(row: Insertable<IdempotencyKeysTable>): Promise<void>;
  /** PostgreSQL only: a NOTIFY sent in the same statement (delivered when the transaction commits). */
  notify(channel: string, payload: string): void;
  /** Sends what is held; the store calls it before commit, repositories before reading. */
  flush(): Promise<void>;
}

export interface HeldOrderUpdate {
  readonly id: string;
  readonly expectedVersion: number;
  readonly set: Updateable<OrdersTable>;
}

export function immediateInserts(db: Kysely<Database>): Inserts {
  return {
    holdsUpdates: false,
    holdingOrderUpdate: false,
    holdOrderUpdate() {
      throw new Error('only a PostgreSQL transaction holds updates');
    },
    async storeKey(row) {
      await db
        .insertInto('idempotency_keys')
        .values(row)
        .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet(replacedKey))
        .execute();
    },
    async add(table, rows) {
      if (rows.length > 0) await insert(db, table, rows);
    },
    notify() {
      throw new Error('NOTIFY with the commit needs a PostgreSQL transaction');
    },
    async flush() {},
  };
}

/**
 * SQLite's transactions: the held rows of each table go out as ONE multi-row INSERT per table
 * when the transaction flushes (before a read of those tables, and before COMMIT), as on
 * PostgreSQL but without the single statement (SQLite has no data-modifying WITH). The order's
 * updates, the Idempotency-Key and everything else run at once, as `immediateInserts` does.
 * Tables go out in the order of their first row (ledger postings before their lines), and a
 * failing insert fails the flush, so the transaction rolls back as it does on PostgreSQL.
 */
export function batchedInserts(db: Kysely<Database>): Inserts {
  const immediate = immediateInserts(db);
  const held = heldRows();
  return {
    holdsUpdates: false,
    holdingOrderUpdate: false,
    holdOrderUpdate: immediate.holdOrderUpdate,
    storeKey: immediate.storeKey,
    notify: immediate.notify,
    add: async (table, rows) => held.add(table, rows),
    async flush() {
      for (const [table, rows] of held.take()) await insert(db, table, rows);
    },
  };
}

/** Rows held per table, tables in the order of their first row (ledger_postings before ledger_entries). */
function heldRows() {
  const held = new Map<DeferrableTable, Row[]>();
  return {
    get size() {
      return held.size;
    },
    add(table: DeferrableTable, rows: readonly Row[]): void {
      if (rows.length === 0) return;
      const list = held.get(table) ?? [];
      list.push(...rows);
      held.set(table, list);
    },
    /** Everything held, by table; nothing is held afterwards. */
    take(): [DeferrableTable, Row[]][] {
      const groups = [...held];
      held.clear();
      return groups;
    },
  };
}

export function deferredInserts(db: Kysely<Database>): Inserts {
  const held = heldRows();
  const notifications: { channel: string; payload: string }[] = [];
  const updates: HeldOrderUpdate[] = [];
  let key: Insertable<IdempotencyKeysTable> | null = null;
  return {
    async storeKey(row) {
      key = row;
    },
    holdsUpdates: true,
    get holdingOrderUpdate() {
      return updates.length > 0;
    },
    holdOrderUpdate(update) {
      updates.push(update);
    },
    add: async (table, rows) => held.add(table, rows),
    notify(channel, payload) {
      notifications.push({ channel, payload });
    },
    async flush() {
      if (held.size === 0 && notifications.length === 0 && updates.length === 0 && key === null) return;
      const groups = held.take();
      const notifies = notifications.splice(0);
      const changes = updates.splice(0);
      const keyRow = key;
      key = null;
      // WITH u0 AS (UPDATE ... RETURNING), w0 AS (INSERT ...), w1 AS (INSERT ...) INSERT ...
      // (or SELECT the updates' counts and pg_notify(...)): one statement, one round trip.
      // PostgreSQL runs every data-modifying WITH to completion and checks foreign keys at the
      // end of the statement, so ledger lines may go in beside their postings.
      const last = notifies.length > 0 || changes.length > 0 || keyRow !== null ? undefined : groups.pop();
      let creator: QueryCreator<Database> = db;
      if (keyRow !== null) {
        creator = creator.with('k', (q) =>
          q
            .insertInto('idempotency_keys')
            .values(keyRow)
            .onConflict((oc) =>
              oc
                .columns(['scope', 'key'])
                .doUpdateSet(replacedKey)
                .where((eb) => eb.or([eb('idempotency_keys.expires_at', '<=', eb.ref('excluded.created_at')), eb('idempotency_keys.response_status', 'is', null)])),
            )
            .returning('key'),
        ) as unknown as QueryCreator<Database>;
      }
      changes.forEach((change, i) => {
        creator = creator.with(`u${i}`, (q) =>
          q
            .updateTable('orders')
            .set((eb) => ({ ...change.set, version: eb('version', '+', 1) }))
            .where('id', '=', change.id)
            .where('version', '=', change.expectedVersion)
            .returning('id'),
        ) as unknown as QueryCreator<Database>;
      });
      groups.forEach(([table, rows], i) => {
        creator = creator.with(`w${i}`, (q) => q.insertInto(table).values(rows as never)) as unknown as QueryCreator<Database>;
      });
      if (last) {
        await insert(creator, last[0], last[1]);
        return;
      }
      const [counts] = (await creator
        .selectNoFrom([
          ...(keyRow === null ? [] : [sql<string>`(select count(*) from ${sql.table('k')})`.as('k')]),
          ...changes.map((_, i) => sql<string>`(select count(*) from ${sql.table(`u${i}`)})`.as(`u${i}`)),
          ...notifies.map(({ channel, payload }, i) => sql<string>`pg_notify(${channel}, ${payload})`.as(`n${i}`)),
        ])
        .execute()) as (Record<string, unknown> | undefined)[];
      if (keyRow !== null && Number(counts?.['k']) !== 1) throw new KeyAlreadyStored();
      // The rows were locked by this transaction, so each update must have changed one row.
      changes.forEach((change, i) => {
        if (Number(counts?.[`u${i}`]) !== 1) {
          throw new Error(`held update of order ${change.id} at version ${change.expectedVersion} changed no row`);
        }
      });
    },
  };
}

/** The flush found the request's Idempotency-Key stored by an earlier request: the transaction rolls back. */
export class KeyAlreadyStored extends Error {
  constructor() {
    super('the Idempotency-Key was stored by an earlier request');
    this.name = 'KeyAlreadyStored';
  }
}

/** An expired (or unanswered) key row taken over by a new request: every column from the new row. */
const replacedKey = (eb: ExpressionBuilder<OnConflictDatabase<Database, 'idempotency_keys'>, OnConflictTables<'idempotency_keys'>>) => ({
  request_hash: eb.ref('excluded.request_hash'),
  response_status: eb.ref('excluded.response_status'),
  response_body: eb.ref('excluded.response_body'),
  created_at: eb.ref('excluded.created_at'),
  expires_at: eb.ref('excluded.expires_at'),
});

function insert(db: QueryCreator<Database>, table: DeferrableTable, rows: readonly Row[]): Promise<unknown> {
  return db
    .insertInto(table)
    .values(rows as never)
    .execute();
}
