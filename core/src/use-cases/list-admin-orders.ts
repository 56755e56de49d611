import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { AdminOrderRow, EscrowQueries, Paged } from '../ports/escrow-queries.js';
import { pageRequest } from './page-request.js';

export interface AdminPage<T> extends Paged<T> {
  readonly page: number;
  readonly pageSize: number;
}

/** Every order with its seller's name (admin Orders tab), newest first; optionally one status. */
export async function listAdminOrders(
  deps: { readonly queries: EscrowQueries },
  args: { actor: Actor; status?: OrderStatus; page?: number; pageSize?: number },
): Promise<Result<AdminPage<AdminOrderRow>>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const found = await deps.queries.adminOrders({ status: args.status }, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
