import type { RefundRepository, RefundRequest } from '@escrow/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { RefundRequestsTable } from '../schema/order-tables.js';
import { decodeTime, decodeTimeOrNull, encodeTime, encodeTimeOrNull } from './codec.js';

const toRefund = (row: Selectable<RefundRequestsTable>): RefundRequest => ({
  id: row.id,
  orderId: row.order_id,
  requestedBy: row.requested_by,
  reason: row.reason,
  status: row.status,
  createdAt: decodeTime(row.created_at),
  resolvedAt: decodeTimeOrNull(row.resolved_at),
  resolvedBy: row.resolved_by,
  mpesaReference: row.mpesa_reference,
  resolutionNote: row.resolution_note,
});

export function kyselyRefundRepository(db: Kysely<Database>): RefundRepository {
  const select = () => db.selectFrom('refund_requests').selectAll();
  return {
    async insert(request) {
      await db
        .insertInto('refund_requests')
        .values({
          id: request.id,
          order_id: request.orderId,
          requested_by: request.requestedBy,
          reason: request.reason,
          status: request.status,
          created_at: encodeTime(request.createdAt),
          resolved_at: encodeTimeOrNull(request.resolvedAt),
          resolved_by: request.resolvedBy,
          mpesa_reference: request.mpesaReference,
          resolution_note: request.resolutionNote,
        })
        .execute();
    },
    async get(id) {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRefund(row);
    },
    async findOpenByOrder(orderId) {
      // 'open' as a literal: the partial index refund_requests_one_open_idx then serves the
      // query, and SQLite does not re-prepare the statement at every run (see order-repository.ts).
      const row = await select().where('order_id', '=', orderId).where('status', '=', sql.lit('open')).executeTakeFirst();
      return row === undefined ? undefined : toRefund(row);
    },
    async resolve(id, resolution) {
      // Conditional on 'open': of two admins resolving at once, exactly one changes the row.
      const result = await db
        .updateTable('refund_requests')
        .set({
          status: resolution.status,
          resolved_at: encodeTimeOrNull(resolution.resolvedAt),
          resolved_by: resolution.resolvedBy,
          mpesa_reference: resolution.mpesaReference,
          resolution_note: resolution.resolutionNote,
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
