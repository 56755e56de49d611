import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries, ContactMessageRow } from '../../ports/admin-queries.js';
import type { AdminPage } from '../list-admin-orders.js';
import { pageRequest } from '../page-request.js';
import { adminOf } from './admin-caller.js';

export const CONTACT_FILTERS = ['open', 'resolved', 'all'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** The Contacts tab: messages from the /contact form, newest first; open, resolved or all (the default). */
export async function listContactMessages(
  deps: { readonly adminQueries: AdminQueries },
  args: { actor: Actor; status?: ContactFilter | undefined; page?: number | undefined; pageSize?: number | undefined },
): Promise<Result<AdminPage<ContactMessageRow>>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  const page = pageRequest(args.page, args.pageSize);
  const resolved = args.status === 'open' ? false : args.status === 'resolved' ? true : undefined;
  const found = await deps.adminQueries.contacts({ resolved }, page);
  return ok({ ...found, page: page.page, pageSize: page.pageSize });
}
