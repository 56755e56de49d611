import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { AdminOrderListRow, AdminQueries } from '../ports/admin-queries.js';
import type { Paged } from '../ports/escrow-queries.js';
import { adminOrderSearch } from './admin/admin-order-search.js';
import { pageRequest } from './page-request.js';

export interface AdminPage<T> extends Paged<T> {
  readonly page: number;
  readonly pageSize: number;
}

/**
 * Every order with its seller's name (admin Orders tab), newest first; optionally one status
 * and a search (tracking number, buyer phone in any accepted format, or seller business name).
 */
export async function listAdminOrders(
  deps: { readonly adminQueries: AdminQueries },
  args: { actor: Actor; status?: OrderStatus | undefined; search?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
): Promise<Result<AdminPage<AdminOrderListRow>>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const found = await deps.adminQueries.orders({ status: args.status, search: adminOrderSearch(args.search) }, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
