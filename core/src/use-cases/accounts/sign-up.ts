import type { Locale } from '../../i18n/locale.js';
import { textsFor } from '../../messages/recipient-texts.js';
import { err, ok, type Result } from '../../errors.js';
import { signUpSchema } from '../../validation/auth.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import type { AccountsDeps } from './accounts-deps.js';
import { accountSummary, issueSession, type SignedIn } from './issue-session.js';
import { enqueueNotification } from '../enqueue-notification.js';

/**
 * Creates an account (email + a password that meets spec section 5), records the
 * password_verification row (spec section 3) and signs the new user in. A session the
 * browser already had (another account) is ended, so one browser holds one session. The
 * request's language (`locale`) becomes the account's, and the welcome email is in it (decision 0066).
 */
export async function signUp(deps: AccountsDeps, args: { input: unknown; replacesSessionId?: string | null; locale?: Locale }): Promise<Result<SignedIn>> {
  const parsed = parseOrFirstError(signUpSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { email, password } = parsed.value;

  // Cheap check first, so a duplicate does not cost a password hash; the insert below is
  // what really guards against two sign-ups racing.
  if (await deps.store.read((tx) => tx.users.findByEmail(email))) return err('EMAIL_ALREADY_REGISTERED');
  const passwordHash = await deps.passwords.hash(password);

  const now = deps.clock.now();
  const userId = deps.random.uuid();
  return deps.store.transaction(async (tx) => {
    const locale = textsFor(args.locale).locale;
    const inserted = await tx.users.insert({ id: userId, email, passwordHash, createdAt: now, lastSignInAt: now, locale });
    if (!inserted) return err('EMAIL_ALREADY_REGISTERED');
    await tx.passwordVerification.insert({ userId, passwordConfirmed: true, confirmedAt: now });
    if (args.replacesSessionId) await tx.sessions.delete(args.replacesSessionId);
    const issued = await issueSession(deps, tx, userId, now);
    await enqueueNotification(deps, tx, textsFor(locale).accountEmails.welcome(email), now);
    return ok({ issued, account: accountSummary({ userId, email, roles: [], sellerId: null }) });
  });
}
