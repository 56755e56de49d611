import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries, SettlementQueueRow } from '../../ports/admin-queries.js';
import type { AdminPage } from '../list-admin-orders.js';
import { pageRequest } from '../page-request.js';
import { adminOf } from './admin-caller.js';

/** Delivered orders waiting for 'Mark Paid', longest waiting first, with where each payout goes. */
export async function listSettlementQueue(
  deps: { readonly adminQueries: AdminQueries },
  args: { actor: Actor; page?: number | undefined; pageSize?: number | undefined },
): Promise<Result<AdminPage<SettlementQueueRow>>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const found = await deps.adminQueries.settlementQueue(page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
