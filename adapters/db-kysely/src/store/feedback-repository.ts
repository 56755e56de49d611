import type { FeedbackRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeInteger, decodeTime, encodeTime } from './codec.js';

export function kyselyFeedbackRepository(db: Kysely<Database>): FeedbackRepository {
  return {
    async insert(feedback) {
      // Feedback is locked once submitted: the second insert for an order changes nothing
      // (and, on PostgreSQL, leaves the transaction usable).
      const result = await db
        .insertInto('feedback')
        .values({
          order_id: feedback.orderId,
          buyer_name: feedback.buyerName,
          rider_rating: feedback.riderRating,
          seller_rating: feedback.sellerRating,
          comment: feedback.comment,
          created_at: encodeTime(feedback.createdAt),
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async get(orderId) {
      const row = await db.selectFrom('feedback').selectAll().where('order_id', '=', orderId).executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        orderId: row.order_id,
        buyerName: row.buyer_name,
        riderRating: decodeInteger(row.rider_rating),
        sellerRating: decodeInteger(row.seller_rating),
        comment: row.comment,
        createdAt: decodeTime(row.created_at),
      };
    },
  };
}
