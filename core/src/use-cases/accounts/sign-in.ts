import { err, ok, type Result } from '../../errors.js';
import type { PasswordHasher } from '../../ports/accounts-crypto.js';
import { signInSchema } from '../../validation/auth.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import type { AccountsDeps } from './accounts-deps.js';
import { issueSession, loadAccountSummary, type SignedIn } from './issue-session.js';

// An unknown email is checked against a real hash of a password nobody has, so it costs the
// same time as a known email with a wrong password: timing does not tell who has an account.
const decoyHashes = new WeakMap<PasswordHasher, Promise<string>>();
function decoyHash(deps: Pick<AccountsDeps, 'passwords' | 'random'>): Promise<string> {
  let hash = decoyHashes.get(deps.passwords);
  if (!hash) {
    hash = deps.passwords.hash(deps.random.token(16));
    decoyHashes.set(deps.passwords, hash);
  }
  return hash;
}

/**
 * Email + password. A wrong password, an unknown email and an account without a password
 * (decision 0060) get the same answer, in the same time. On success a
 * new session replaces whatever session the browser had (rotation), the sign-in time is
 * recorded (the 6-month inactivity rule reads it), and a hash made with older settings is
 * upgraded while the password is at hand.
 */
export async function signIn(deps: AccountsDeps, args: { input: unknown; replacesSessionId?: string | null }): Promise<Result<SignedIn>> {
  const parsed = parseOrFirstError(signInSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { email, password } = parsed.value;

  const user = await deps.store.read((tx) => tx.users.findByEmail(email));
  const stored = user?.passwordHash ?? null;
  const matches = await deps.passwords.verify(stored ?? (await decoyHash(deps)), password);
  if (!user || stored === null || !matches) return err('INVALID_CREDENTIALS');
  const upgradedHash = deps.passwords.needsRehash(stored) ? await deps.passwords.hash(password) : null;

  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    if (args.replacesSessionId) await tx.sessions.delete(args.replacesSessionId);
    // The password may have changed between the check above and now (a reset in between).
    const current = await tx.users.get(user.id);
    if (!current || current.passwordHash !== user.passwordHash) return err('INVALID_CREDENTIALS');
    if (upgradedHash) await tx.users.setPasswordHash(user.id, upgradedHash);
    await tx.users.recordSignIn(user.id, now);
    const issued = await issueSession(deps, tx, user.id, now);
    return ok({ issued, account: await loadAccountSummary(tx, user) });
  });
}

/** Ends one session (sign-out). Ending a session that is already gone is not an error. */
export async function signOut(deps: Pick<AccountsDeps, 'store'>, args: { sessionId: string }): Promise<Result<void>> {
  if (typeof args?.sessionId !== 'string' || args.sessionId === '') return ok(undefined);
  await deps.store.transaction((tx) => tx.sessions.delete(args.sessionId));
  return ok(undefined);
}
