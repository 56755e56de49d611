import type { PageRequest, Paged, RefundRequestRow, RefundStatus } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeInteger, decodeTime, decodeTimeOrNull } from '../store/codec.js';
import { rowToOrder } from '../store/order-mapping.js';

/** Refund requests with their orders, oldest first: the queue an admin works through. */
export async function refundRequestPage(db: Kysely<Database>, filter: { status?: RefundStatus | undefined }, page: PageRequest): Promise<Paged<RefundRequestRow>> {
  let list = db
    .selectFrom('refund_requests')
    .innerJoin('orders', 'orders.id', 'refund_requests.order_id')
    .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
    .selectAll('orders')
    .select([
      'sellers.business_name as seller_business_name',
      'refund_requests.id as refund_id',
      'refund_requests.requested_by as refund_requested_by',
      'refund_requests.reason as refund_reason',
      'refund_requests.status as refund_status',
      'refund_requests.created_at as refund_created_at',
      'refund_requests.resolved_at as refund_resolved_at',
      'refund_requests.resolved_by as refund_resolved_by',
      'refund_requests.mpesa_reference as refund_mpesa_reference',
      'refund_requests.resolution_note as refund_resolution_note',
    ]);
  let count = db.selectFrom('refund_requests').select((eb) => eb.fn.countAll<number>().as('total'));
  if (filter.status !== undefined) {
    list = list.where('refund_requests.status', '=', filter.status);
    count = count.where('refund_requests.status', '=', filter.status);
  }
  const rows = await list.orderBy('refund_requests.created_at', 'asc').orderBy('refund_requests.id', 'asc').limit(page.limit).offset(page.offset).execute();
  const counted = await count.executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => {
      const {
        seller_business_name,
        refund_id,
        refund_requested_by,
        refund_reason,
        refund_status,
        refund_created_at,
        refund_resolved_at,
        refund_resolved_by,
        refund_mpesa_reference,
        refund_resolution_note,
        ...orderRow
      } = row;
      return {
        order: rowToOrder(orderRow),
        sellerBusinessName: seller_business_name,
        request: {
          id: refund_id,
          orderId: orderRow.id,
          requestedBy: refund_requested_by,
          reason: refund_reason,
          status: refund_status,
          createdAt: decodeTime(refund_created_at),
          resolvedAt: decodeTimeOrNull(refund_resolved_at),
          resolvedBy: refund_resolved_by,
          mpesaReference: refund_mpesa_reference,
          resolutionNote: refund_resolution_note,
        },
      };
    }),
    total: decodeInteger(Number(counted.total)),
  };
}
