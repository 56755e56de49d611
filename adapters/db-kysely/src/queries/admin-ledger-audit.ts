import type { LedgerAuditSource, LedgerEntry, LedgerSnapshot, Posting, PostingKind } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { decodeInteger, decodeTime } from '../store/codec.js';
import { rowToOrder } from '../store/order-mapping.js';
import { toPayout } from '../store/payout-repository.js';

function snapshotOn(conn: Kysely<Database>): LedgerSnapshot {
  return {
    async *orderBatches(size) {
      let after: string | null = null;
      for (;;) {
        let query = conn.selectFrom('orders').selectAll().orderBy('id').limit(size);
        if (after !== null) query = query.where('id', '>', after);
        const rows = await query.execute();
        if (rows.length === 0) return;
        const ids = rows.map((r) => r.id);
        const postingRows = await conn.selectFrom('ledger_postings').selectAll().where('order_id', 'in', ids).orderBy('seq').execute();
        const entryRows =
          postingRows.length === 0
            ? []
            : await conn
                .selectFrom('ledger_entries')
                .selectAll()
                .where(
                  'posting_id',
                  'in',
                  postingRows.map((p) => p.id),
                )
                .orderBy('posting_id')
                .orderBy('line_no')
                .execute();
        const lines = new Map<string, LedgerEntry[]>();
        for (const e of entryRows) lines.set(e.posting_id, [...(lines.get(e.posting_id) ?? []), { account: e.account, amount: decodeInteger(Number(e.amount)) }]);
        const postings = postingRows.map(
          (p): Posting => ({ id: p.id, orderId: p.order_id, kind: p.kind as PostingKind, entries: lines.get(p.id) ?? [], reference: p.reference, createdAt: decodeTime(p.created_at) }),
        );
        const payouts = (await conn.selectFrom('payouts').selectAll().where('order_id', 'in', ids).execute()).map(toPayout);
        yield { orders: rows.map(rowToOrder), postings, payouts };
        if (rows.length < size) return;
        after = rows[rows.length - 1]?.id ?? null;
      }
    },

    async accountBalances() {
      // CAST: PostgreSQL's SUM(bigint) is NUMERIC, which the driver would hand over as text.
      const rows = await sql<{ account: string; balance: unknown }>`select account, cast(sum(amount) as bigint) as balance from ledger_entries group by account`.execute(conn);
      return new Map(rows.rows.map((r) => [r.account, decodeInteger(Number(r.balance))]));
    },

    async unbalancedPostings() {
      const rows = await sql<{ id: string; order_id: string; kind: string; total: unknown; lines: unknown }>`
        select p.id, p.order_id, p.kind, cast(coalesce(sum(e.amount), 0) as bigint) as total, count(e.posting_id) as lines
        from ledger_postings p left join ledger_entries e on e.posting_id = p.id
        group by p.id, p.order_id, p.kind
        having coalesce(sum(e.amount), 0) <> 0 or count(e.posting_id) < 2
      `.execute(conn);
      return rows.rows.map((r) => ({ postingId: r.id, orderId: r.order_id, kind: r.kind, sum: decodeInteger(Number(r.total)), lines: decodeInteger(Number(r.lines)) }));
    },

    async postingCount() {
      const row = await conn.selectFrom('ledger_postings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return decodeInteger(Number(row.n));
    },
  };
}

/**
 * The ledger check's reads on one connection inside one read-only transaction: REPEATABLE READ
 * on PostgreSQL (one snapshot for every statement), a deferred BEGIN on SQLite (in WAL mode a
 * read transaction sees one snapshot and never blocks a writer). Orders and postings written
 * by the API while the check runs are not half seen.
 */
export function createKyselyLedgerAudit(db: Kysely<Database>, dialect: SqlDialect): LedgerAuditSource {
  return {
    inSnapshot: (work) =>
      db.connection().execute(async (conn) => {
        await sql.raw(dialect === 'postgres' ? 'begin isolation level repeatable read read only' : 'begin').execute(conn);
        try {
          const result = await work(snapshotOn(conn));
          await sql.raw('commit').execute(conn);
          return result;
        } catch (error) {
          await sql.raw('rollback').execute(conn).catch(() => undefined);
          throw error;
        }
      }),
  };
}
