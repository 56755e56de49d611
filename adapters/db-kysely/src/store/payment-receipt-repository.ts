import type { PaymentReceiptRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from './codec.js';

export function kyselyPaymentReceiptRepository(db: Kysely<Database>): PaymentReceiptRepository {
  return {
    async claim(receipt, orderId, amount, at) {
      // ON CONFLICT DO NOTHING, not "insert and catch": on PostgreSQL a unique violation
      // aborts the whole transaction, and the use case still has its coded error to return.
      const result = await db
        .insertInto('payment_receipts')
        .values({ receipt, order_id: orderId, amount, claimed_at: encodeTime(at) })
        .onConflict((oc) => oc.column('receipt').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
  };
}
