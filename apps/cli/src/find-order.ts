import type { Order } from '@escrow/core';
import type { AdminContext } from './admin-context.js';

/** The order a tracking number (any case, spaces ignored) or an order id names. */
export async function findOrder(ctx: AdminContext, given: string): Promise<Order | undefined> {
  const tracking = given.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z0-9]{1,12}$/.test(tracking)) {
    const found = await ctx.adminQueries.orders({ search: { trackingNumber: tracking, buyerPhone: null, businessName: null } }, { limit: 1, offset: 0 });
    const id = found.items[0]?.id;
    if (id) return ctx.escrow.store.read((tx) => tx.orders.get(id));
  }
  return given.length <= 100 ? ctx.escrow.store.read((tx) => tx.orders.get(given)) : undefined;
}
