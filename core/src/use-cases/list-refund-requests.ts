import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { EscrowQueries, RefundRequestRow } from '../ports/escrow-queries.js';
import type { RefundStatus } from '../ports/records.js';
import type { AdminPage } from './list-admin-orders.js';
import { pageRequest } from './page-request.js';

/** The refund queue: requests (optionally of one status) with their orders, oldest first. */
export async function listRefundRequests(
  deps: { readonly queries: EscrowQueries },
  args: { actor: Actor; status?: RefundStatus; page?: number; pageSize?: number },
): Promise<Result<AdminPage<RefundRequestRow>>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const found = await deps.queries.refundRequests({ status: args.status }, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
