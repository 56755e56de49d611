import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { SellerRef } from '../ports/records.js';
import { claimPending } from '../ledger/ledger-audit.js';
import type { EscrowDeps } from './deps.js';
import { claimCheckNote } from './payments/claim-check-note.js';

/**
 * One order with its seller, for an admin (the admin role reads every order), and for an open
 * claim where its check with M-Pesa (Transaction Status) stands, in words (claimCheckNote).
 */
export async function getAdminOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<{ order: Order; seller: SellerRef | null; claimCheck: string | null }>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
  return deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order) return err('ORDER_NOT_FOUND');
    const claimCheck = claimPending(order) ? claimCheckNote(order, await tx.mpesa.listStatusQueriesForOrder(order.id)) : null;
    return ok({ order, seller: (await tx.sellers.get(order.sellerId)) ?? null, claimCheck });
  });
}
