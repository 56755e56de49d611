import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries, AdminSellerRow } from '../../ports/admin-queries.js';
import { normalizeKenyanPhone } from '../../validation/phone.js';
import type { AdminPage } from '../list-admin-orders.js';
import { pageRequest } from '../page-request.js';
import { adminOf } from './admin-caller.js';
import { MAX_SEARCH_LENGTH } from './admin-order-search.js';

/**
 * The Sellers tab: every seller, newest first, optionally searched by business name or phone
 * (any accepted format). Payment details are shown, never changed: no admin use case writes
 * a seller (product decisions: admins read but never change a seller's payment details).
 */
export async function listAdminSellers(
  deps: { readonly adminQueries: AdminQueries },
  args: { actor: Actor; search?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
): Promise<Result<AdminPage<AdminSellerRow>>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const text = typeof args.search === 'string' ? args.search.trim().slice(0, MAX_SEARCH_LENGTH) : '';
  const found = await deps.adminQueries.sellers({ search: text === '' ? undefined : { text, phone: normalizeKenyanPhone(text) } }, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
