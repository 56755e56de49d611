import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { ContactMessageRow } from '../../ports/admin-queries.js';
import type { ChangeOptions } from '../../ports/idempotency-store.js';
import type { AdminDeps } from './admin-deps.js';
import { adminOf, publishAdminEvents } from './admin-caller.js';

/**
 * 'Mark Resolved' on a contact message (spec section 4: unresolved -> resolved, no reverse).
 * Once: the first admin's time and name stay; a second resolve is CONTACT_ALREADY_RESOLVED
 * (409), whether it comes later or at the same moment (row lock + conditional update). The
 * audit row is written in the same transaction.
 */
export async function resolveContactMessage(deps: AdminDeps, args: { contactId: string; actor: Actor }, options: ChangeOptions<Result<ContactMessageRow>> = {}): Promise<Result<ContactMessageRow>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  if (typeof args.contactId !== 'string' || args.contactId.length === 0 || args.contactId.length > 100) return err('CONTACT_NOT_FOUND');
  const now = deps.clock.now();
  const result = await deps.adminStore.transaction(async (tx): Promise<Result<ContactMessageRow>> => {
    const before = await tx.contacts.getForUpdate(args.contactId);
    if (!before) return err('CONTACT_NOT_FOUND');
    if (before.resolved || !(await tx.contacts.markResolved(before.id, admin.userId, now))) return err('CONTACT_ALREADY_RESOLVED');
    await tx.audit.append({
      id: deps.random.uuid(),
      actor: admin.audit,
      action: 'resolve_contact',
      subjectType: 'contact',
      subjectId: before.id,
      before: { resolved: false, resolvedAt: null, resolvedBy: null },
      after: { resolved: true, resolvedAt: now.toISOString(), resolvedBy: admin.userId },
      at: now,
    });
    const after = await tx.contacts.getForUpdate(before.id);
    if (!after) throw new Error(`contact ${before.id} vanished inside its transaction`);
    return ok(after);
  }, options);
  if (result.ok) await publishAdminEvents(deps, [{ type: 'contact.changed', contactId: result.value.id, change: 'resolved', at: now.toISOString() }]);
  return result;
}
