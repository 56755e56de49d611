import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { SellerDashboardFigures } from '../orders/seller-dashboard.js';
import type { EscrowQueries, OrderListRow } from '../ports/escrow-queries.js';

/** Spec section 9: the dashboard lists the 10 most recent orders. */
export const DASHBOARD_RECENT_ORDERS = 10;

export interface SellerDashboard {
  readonly figures: SellerDashboardFigures;
  readonly recentOrders: readonly OrderListRow[];
}

/** The stats cards (computed by the database) and the most recent orders of the signed-in seller. */
export async function getSellerDashboard(deps: { readonly queries: EscrowQueries }, args: { actor: Actor }): Promise<Result<SellerDashboard>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  const figures = await deps.queries.sellerDashboard(actor.sellerId);
  const recent = await deps.queries.sellerOrders(actor.sellerId, { limit: DASHBOARD_RECENT_ORDERS, offset: 0 });
  return ok({ figures, recentOrders: recent.items });
}
