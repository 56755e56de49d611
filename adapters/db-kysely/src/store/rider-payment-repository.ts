import type { RiderPaymentRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeTime, encodeTime, type Codec } from './codec.js';

export function kyselyRiderPaymentRepository(db: Kysely<Database>, codec: Codec): RiderPaymentRepository {
  return {
    async insert(confirmation) {
      await db
        .insertInto('rider_payment_confirmations')
        .values({
          id: confirmation.id,
          order_id: confirmation.orderId,
          rider_phone: confirmation.riderPhone,
          payment_received: codec.bool(confirmation.paymentReceived),
          payment_issue: confirmation.paymentIssue,
          created_at: encodeTime(confirmation.createdAt),
        })
        .execute();
    },
    async listByOrder(orderId) {
      const rows = await db
        .selectFrom('rider_payment_confirmations')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        riderPhone: row.rider_phone,
        paymentReceived: decodeBool(row.payment_received),
        paymentIssue: row.payment_issue,
        createdAt: decodeTime(row.created_at),
      }));
    },
  };
}
