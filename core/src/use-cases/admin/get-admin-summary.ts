import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries, AdminSummaryFigures } from '../../ports/admin-queries.js';
import { adminOf } from './admin-caller.js';

/** The six summary cards of the admin screen, one aggregate in the database. */
export async function getAdminSummary(deps: { readonly adminQueries: AdminQueries }, args: { actor: Actor }): Promise<Result<AdminSummaryFigures>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  return ok(await deps.adminQueries.summary());
}
