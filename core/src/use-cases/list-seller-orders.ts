import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { EscrowQueries, OrderListRow, Paged } from '../ports/escrow-queries.js';
import { pageRequest } from './page-request.js';

export interface OrderPage extends Paged<OrderListRow> {
  readonly page: number;
  readonly pageSize: number;
}

/** The signed-in seller's own orders, newest first, one page at a time, with the total. */
export async function listSellerOrders(
  deps: { readonly queries: EscrowQueries },
  args: { actor: Actor; page?: number; pageSize?: number },
): Promise<Result<OrderPage>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const found = await deps.queries.sellerOrders(actor.sellerId, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
