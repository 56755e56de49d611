import type { Locale } from '../../i18n/locale.js';
import { textsFor } from '../../messages/recipient-texts.js';
import { err, ok, type Result } from '../../errors.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { changePasswordSchema } from '../../validation/password.js';
import type { AccountsDeps } from './accounts-deps.js';
import { enqueueNotification } from '../enqueue-notification.js';
import { issueSession, loadAccountSummary, type SignedIn } from './issue-session.js';

/**
 * The Security section's Change Password: the current password must be right ('Current
 * password is incorrect'). Every session of the account ends, including the caller's; the
 * caller gets a fresh one, so this browser stays signed in and all others are signed out. The
 * email saying so is in the request's language (`locale`), else the account's (decision 0066).
 */
export async function changePassword(deps: AccountsDeps, args: { userId: string; input: unknown; locale?: Locale }): Promise<Result<SignedIn>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  const parsed = parseOrFirstError(changePasswordSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { currentPassword, newPassword } = parsed.value;

  const user = await deps.store.read((tx) => tx.users.get(args.userId));
  if (!user) return err('UNAUTHENTICATED');
  // An account opened with Google has none to give: a reset code by email sets the first one.
  if (user.passwordHash === null) return err('PASSWORD_NOT_SET');
  if (!(await deps.passwords.verify(user.passwordHash, currentPassword))) return err('CURRENT_PASSWORD_INCORRECT');
  const passwordHash = await deps.passwords.hash(newPassword);

  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const current = await tx.users.get(user.id);
    // Changed by someone else since the check: the "current" password typed is no longer it.
    if (!current || current.passwordHash !== user.passwordHash) return err('CURRENT_PASSWORD_INCORRECT');
    await tx.users.setPasswordHash(user.id, passwordHash);
    await tx.sessions.deleteAllForUser(user.id);
    const issued = await issueSession(deps, tx, user.id, now);
    await enqueueNotification(deps, tx, textsFor(args.locale ?? current.locale).accountEmails.passwordChanged(user.email), now);
    return ok({ issued, account: await loadAccountSummary(tx, user) });
  });
}

