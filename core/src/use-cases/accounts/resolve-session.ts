import type { SessionWithUser } from '../../accounts/account-records.js';
import { extendedIdleDeadline, isSessionLive } from '../../accounts/session-policy.js';
import type { AccountsDeps } from './accounts-deps.js';
import { isWellFormedSessionToken } from './issue-session.js';

/**
 * The live session behind a cookie's token, or undefined. An expired session is deleted on
 * sight; a live one has its idle deadline moved on (at most once an hour, see session-policy).
 */
export async function resolveSession(deps: Pick<AccountsDeps, 'store' | 'clock' | 'digest'>, args: { token: unknown }): Promise<SessionWithUser | undefined> {
  if (!isWellFormedSessionToken(args?.token)) return undefined;
  const id = deps.digest.sha256Hex(args.token);
  const found = await deps.store.read((tx) => tx.sessions.getWithUser(id));
  if (!found) return undefined;
  const now = deps.clock.now();
  if (!isSessionLive(found.session, now)) {
    await deps.store.transaction((tx) => tx.sessions.delete(id));
    return undefined;
  }
  const idleExpiresAt = extendedIdleDeadline(found.session, now);
  if (idleExpiresAt === null) return found;
  await deps.store.transaction((tx) => tx.sessions.setIdleExpiry(id, idleExpiresAt));
  return { ...found, session: { ...found.session, idleExpiresAt } };
}
