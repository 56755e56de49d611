import type { AccountSummary } from '../../accounts/account-records.js';
import { err, ok, type Result } from '../../errors.js';
import { accountEmailSchema } from '../../validation/email.js';
import type { AccountsDeps } from './accounts-deps.js';
import { loadAccountSummary } from './issue-session.js';

/** GET /api/me: the caller's email, roles and seller id, for the frontends' redirects. */
export async function getAccount(deps: Pick<AccountsDeps, 'store'>, args: { userId: string }): Promise<Result<AccountSummary>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  return deps.store.read(async (tx) => {
    const user = await tx.users.get(args.userId);
    return user ? ok(await loadAccountSummary(tx, user)) : err('UNAUTHENTICATED');
  });
}

/**
 * Gives an existing account the admin role (the admin CLI; product decisions: the first admin
 * is made with the CLI, only a super admin grants the role). Granting it twice changes nothing.
 */
export async function grantAdminRole(
  deps: Pick<AccountsDeps, 'store' | 'clock'>,
  args: { email: unknown; grantedBy?: string | null },
): Promise<Result<{ readonly userId: string; readonly email: string; readonly alreadyAdmin: boolean }>> {
  const parsed = accountEmailSchema.safeParse(args?.email);
  if (!parsed.success) return err('VALIDATION_FAILED', { message: parsed.error.issues[0]?.message ?? 'Invalid email address' });
  const email = parsed.data;
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const user = await tx.users.findByEmail(email);
    if (!user) return err('ACCOUNT_NOT_FOUND');
    const granted = await tx.roles.grant({ userId: user.id, role: 'admin', grantedBy: args.grantedBy ?? null, at: now });
    return ok({ userId: user.id, email: user.email, alreadyAdmin: !granted });
  });
}
