import { sql, type Insertable, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../schema/database.js';

/** The append-only tables whose inserts nobody waits on: the audit trail, the ledger, the outbox. */
export type DeferrableTable = 'order_events' | 'ledger_postings' | 'ledger_entries' | 'outbox' | 'code_attempts';

type Row = Insertable<Database[DeferrableTable]>;

/**
 * Inserts into append-only tables that a transaction makes after its decision (the audit
 * event, ledger postings and their lines, outbox rows, code attempts). On PostgreSQL they are
 * held until the transaction is about to commit and then sent as ONE statement (a
 * data-modifying WITH per table): a state change makes 2 to 5 of them, and each round trip
 * costs the API about 0.1 ms of CPU on this machine (docs/decisions/0022). On SQLite, in the
 * same process, each runs at once.
 *
 * Rows of one table go out as one multi-row INSERT in the order they were added, so their
 * `seq` keeps the order of appending. A failing insert (a broken constraint) fails the flush
 * and so rolls the whole transaction back, as it would have failed it when made. Whoever reads
 * these tables inside the transaction flushes first.
 */
export interface Inserts {
  add<T extends DeferrableTable>(table: T, rows: readonly Insertable<Database[T]>[]): Promise<void>;
  /** PostgreSQL only: a NOTIFY sent in the same statement (delivered when the transaction commits). */
  notify(channel: string, payload: string): void;
  /** Sends what is held; the store calls it before commit, repositories before reading. */
  flush(): Promise<void>;
}

export function immediateInserts(db: Kysely<Database>): Inserts {
  return {
    async add(table, rows) {
      if (rows.length > 0) await insert(db, table, rows);
    },
    notify() {
      throw new Error('NOTIFY with the commit needs a PostgreSQL transaction');
    },
    async flush() {},
  };
}

export function deferredInserts(db: Kysely<Database>): Inserts {
  // Map order: tables in the order of their first row (ledger_postings before ledger_entries).
  const held = new Map<DeferrableTable, Row[]>();
  const notifications: { channel: string; payload: string }[] = [];
  return {
    async add(table, rows) {
      if (rows.length === 0) return;
      const list = held.get(table) ?? [];
      list.push(...rows);
      held.set(table, list);
    },
    notify(channel, payload) {
      notifications.push({ channel, payload });
    },
    async flush() {
      if (held.size === 0 && notifications.length === 0) return;
      const groups = [...held];
      const notifies = notifications.splice(0);
      held.clear();
      // WITH w0 AS (INSERT ...), w1 AS (INSERT ...) INSERT ... (or SELECT pg_notify(...)): one
      // statement, one round trip. PostgreSQL runs every data-modifying WITH to completion and
      // checks foreign keys at the end of the statement, so ledger lines may go in beside their
      // postings.
      const last = notifies.length > 0 ? undefined : groups.pop();
      let creator: QueryCreator<Database> = db;
      groups.forEach(([table, rows], i) => {
        creator = creator.with(`w${i}`, (q) => q.insertInto(table).values(rows as never)) as unknown as QueryCreator<Database>;
      });
      if (last) {
        await insert(creator, last[0], last[1]);
        return;
      }
      await creator.selectNoFrom(notifies.map(({ channel, payload }, i) => sql<string>`pg_notify(${channel}, ${payload})`.as(`n${i}`))).execute();
    },
  };
}

function insert(db: QueryCreator<Database>, table: DeferrableTable, rows: readonly Row[]): Promise<unknown> {
  return db
    .insertInto(table)
    .values(rows as never)
    .execute();
}
