import type { AccountSummary, SessionRecord, UserRole } from '../../accounts/account-records.js';
import { isAdminRole } from '../../accounts/account-records.js';
import { newSessionDeadlines, SESSION_TOKEN_BYTES } from '../../accounts/session-policy.js';
import type { AccountsTx } from '../../ports/accounts-store.js';
import type { AccountsDeps } from './accounts-deps.js';

/** A new session: the token goes to the browser (cookie) once; only its hash is stored. */
export interface IssuedSession {
  readonly token: string;
  readonly session: SessionRecord;
}

/** The outcome of sign-up, sign-in and change-password: a fresh session and who it is for. */
export interface SignedIn {
  readonly issued: IssuedSession;
  readonly account: AccountSummary;
}

/** Inserts a fresh session for the user inside `tx`. */
export async function issueSession(deps: Pick<AccountsDeps, 'random' | 'digest'>, tx: AccountsTx, userId: string, now: Date): Promise<IssuedSession> {
  const token = deps.random.token(SESSION_TOKEN_BYTES);
  const session: SessionRecord = { id: deps.digest.sha256Hex(token), userId, ...newSessionDeadlines(now) };
  await tx.sessions.insert(session);
  return { token, session };
}

export function accountSummary(args: { userId: string; email: string; roles: readonly UserRole[]; sellerId: string | null }): AccountSummary {
  return { userId: args.userId, email: args.email, roles: [...args.roles], isAdmin: isAdminRole(args.roles), sellerId: args.sellerId };
}

/** Reads the summary of a user inside `tx`. */
export async function loadAccountSummary(tx: AccountsTx, user: { id: string; email: string }): Promise<AccountSummary> {
  const [roles, seller] = await Promise.all([tx.roles.list(user.id), tx.sellers.findByUserId(user.id)]);
  return accountSummary({ userId: user.id, email: user.email, roles, sellerId: seller?.id ?? null });
}

/** A session token as `Random.token(32)` makes it: 43 base64url characters. */
export function isWellFormedSessionToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
