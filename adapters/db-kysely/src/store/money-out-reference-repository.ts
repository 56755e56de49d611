import { moneyOutReferenceKey, type MoneyOutReferenceRepository } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeTime, encodeTime } from './codec.js';

/**
 * References of money going out (migration 0018, decision 0050). `claim` is one INSERT ... ON
 * CONFLICT DO NOTHING on the primary key, not "look, then insert": two transactions racing for
 * one reference cannot both insert it (PostgreSQL makes the second wait for the first to commit
 * or roll back; SQLite has one writer), and a conflict does not abort a PostgreSQL transaction,
 * so the use case can still answer with its coded error.
 */
export function kyselyMoneyOutReferenceRepository(db: Kysely<Database>): MoneyOutReferenceRepository {
  const get = (reference: string) => db.selectFrom('money_out_references').selectAll().where('reference', '=', reference).executeTakeFirst();
  return {
    async claim({ reference, kind, orderId, ownerId, at }) {
      const key = moneyOutReferenceKey(reference);
      const inserted = await db
        .insertInto('money_out_references')
        .values({ reference: key, kind, order_id: orderId, owner_id: ownerId, recorded_at: encodeTime(at) })
        .onConflict((oc) => oc.column('reference').doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return true;
      // Taken: by this same owner (a repeated callback or retry) is still a yes. On PostgreSQL
      // this statement sees the row whose commit the insert waited for.
      const taken = await get(key);
      return taken !== undefined && taken.kind === kind && taken.owner_id === ownerId;
    },
    async get(reference) {
      const row = await get(moneyOutReferenceKey(reference));
      return row ? { reference: row.reference, kind: row.kind, orderId: row.order_id, ownerId: row.owner_id, recordedAt: decodeTime(row.recorded_at) } : undefined;
    },
    async isPaymentReceipt(reference) {
      const key = moneyOutReferenceKey(reference);
      const one = sql<number>`1`.as('found');
      // Receipts are stored upper case (parseMpesaReceipt, Daraja's TransIDs), so equality uses each primary key or index.
      const found = await db
        .selectFrom('payment_receipts')
        .select(one)
        .where('receipt', '=', key)
        .unionAll(db.selectFrom('c2b_payments').select(one).where('trans_id', '=', key))
        .unionAll(db.selectFrom('stk_requests').select(one).where('callback_receipt', '=', key))
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },
  };
}
