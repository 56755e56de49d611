import type { Locale } from '../../i18n/locale.js';
import { textsFor } from '../../messages/recipient-texts.js';
import {
  OAUTH_ATTEMPT_TTL_MS,
  OAUTH_SECRET_BYTES,
  planOAuthSignIn,
  type OAuthProvider,
  type OAuthSignInPlan,
  type VerifiedIdentity,
} from '../../accounts/oauth-sign-in-policy.js';
import { constantTimeEqual } from '../../codes/constant-time.js';
import { err, ok, type Result } from '../../errors.js';
import type { AccountsTx } from '../../ports/accounts-store.js';
import type { IdentityProvider, ProviderAnswer } from '../../ports/identity-provider.js';
import { accountEmailSchema } from '../../validation/email.js';
import { enqueueNotification } from '../enqueue-notification.js';
import type { AccountsDeps } from './accounts-deps.js';
import { issueSession, loadAccountSummary, type SignedIn } from './issue-session.js';

/** A sign-in sent to the provider: the browser keeps `state` (cookie) until it comes back. */
export interface OAuthSignInStarted {
  readonly state: string;
  readonly authorizationUrl: string;
  readonly expiresAt: Date;
}

/** Signed in, and how: into a linked account, by linking an existing one, or into a new one. */
export interface OAuthSignedIn extends SignedIn {
  readonly how: 'signed-in' | 'linked' | 'created';
}

/** Thrown inside the transaction to roll back what a losing insert left half written. */
class LostRace extends Error {}

const isSecret = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
const attemptId = (deps: Pick<AccountsDeps, 'digest'>, provider: OAuthProvider, state: string): string => deps.digest.sha256Hex(`oauth-state:${provider}:${state}`);

function providerError<T>(answer: Extract<ProviderAnswer<T>, { ok: false }>) {
  return err(answer.failure === 'unavailable' ? 'OAUTH_PROVIDER_UNAVAILABLE' : 'OAUTH_SIGN_IN_FAILED', { detail: answer.detail });
}

/**
 * "Continue with Google": fresh state, PKCE verifier and nonce (32 random bytes each). The
 * verifier and the nonce stay in the database; the state goes to the browser (cookie) and, in the
 * URL, to the provider and back. The provider is asked first, so a provider that is down leaves no row.
 */
export async function beginOAuthSignIn(deps: AccountsDeps, args: { provider: IdentityProvider }): Promise<Result<OAuthSignInStarted>> {
  const { provider } = args;
  const state = deps.random.token(OAUTH_SECRET_BYTES);
  const codeVerifier = deps.random.token(OAUTH_SECRET_BYTES);
  const nonce = deps.random.token(OAUTH_SECRET_BYTES);
  const url = await provider.authorizationUrl({ state, codeVerifier, nonce });
  if (!url.ok) return providerError(url);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + OAUTH_ATTEMPT_TTL_MS);
  await deps.store.transaction((tx) =>
    tx.oauthAttempts.insert({ id: attemptId(deps, provider.provider, state), provider: provider.provider, codeVerifier, nonce, createdAt: now, expiresAt }),
  );
  return ok({ state, authorizationUrl: url.value, expiresAt });
}

/**
 * The provider sent the browser back. In order:
 * 1. the attempt named by `state` is taken (deleted) whatever follows, so a state works once;
 * 2. the provider's own error ends it (`access_denied`: the person cancelled);
 * 3. the state must be the one this browser was given (its cookie), and the attempt live: this
 *    stops another site from finishing its own sign-in in the visitor's browser (login CSRF);
 * 4. the code is exchanged and the ID token checked by the provider adapter, with the nonce kept here;
 * 5. the linking rule (planOAuthSignIn) decides, in one transaction, which account is signed in,
 *    and a session is issued as for a password sign-in (the browser's old session is replaced).
 */
export async function completeOAuthSignIn(
  deps: AccountsDeps,
  args: { provider: IdentityProvider; state: unknown; browserState: unknown; code: unknown; providerError: unknown; replacesSessionId?: string | null; locale?: Locale },
): Promise<Result<OAuthSignedIn>> {
  const { provider } = args;
  const attempt = isSecret(args.state) ? await deps.store.transaction((tx) => tx.oauthAttempts.take(attemptId(deps, provider.provider, args.state as string))) : undefined;
  if (typeof args.providerError === 'string' && args.providerError !== '') {
    return args.providerError === 'access_denied' ? err('OAUTH_CANCELLED') : err('OAUTH_SIGN_IN_FAILED', { detail: `provider error: ${args.providerError.slice(0, 100)}` });
  }
  const now = deps.clock.now();
  if (!isSecret(args.state) || !isSecret(args.browserState) || !constantTimeEqual(args.state, args.browserState)) return err('OAUTH_STATE_INVALID', { detail: 'state does not match the cookie' });
  if (!attempt) return err('OAUTH_STATE_INVALID', { detail: 'no such attempt (used already, or never started)' });
  if (attempt.provider !== provider.provider || now.getTime() >= attempt.expiresAt.getTime()) return err('OAUTH_STATE_INVALID', { detail: 'attempt expired' });
  if (typeof args.code !== 'string' || args.code === '' || args.code.length > 2_048) return err('OAUTH_SIGN_IN_FAILED', { detail: 'no authorization code' });

  const answer = await provider.verifiedIdentity({ code: args.code, codeVerifier: attempt.codeVerifier, nonce: attempt.nonce });
  if (!answer.ok) return providerError(answer);
  const identity = answer.value;
  const email = accountEmailSchema.safeParse(identity.email);
  if (identity.provider !== provider.provider || identity.subject === '' || identity.subject.length > 255 || !email.success) {
    return err('OAUTH_SIGN_IN_FAILED', { detail: 'the identity has no usable subject or email' });
  }
  // A new account and a first link both insert; the loser of a race with a twin request plans again on what the winner wrote.
  for (let round = 0; round < 2; round += 1) {
    try {
      return await deps.store.transaction((tx) => signInAs(deps, tx, { ...identity, email: email.data }, args.replacesSessionId ?? null, deps.clock.now(), args.locale));
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
    }
  }
  return err('OAUTH_SIGN_IN_FAILED', { detail: 'lost the race to link or create twice' });
}

async function facts(tx: AccountsTx, identity: VerifiedIdentity) {
  const linked = await tx.oauthIdentities.findBySubject(identity.provider, identity.subject);
  if (linked) return { emailVerified: identity.emailVerified, bySubject: { userId: linked.userId, roles: await tx.roles.list(linked.userId) } };
  const user = await tx.users.findByEmail(identity.email);
  if (!user) return { emailVerified: identity.emailVerified };
  const [roles, other] = await Promise.all([tx.roles.list(user.id), tx.oauthIdentities.findForUser(user.id, identity.provider)]);
  return {
    emailVerified: identity.emailVerified,
    byEmail: { userId: user.id, roles, hasPassword: user.passwordHash !== null, emailVerified: (user.emailVerifiedAt ?? null) !== null, linkedSubject: other?.subject ?? null },
  };
}

async function signInAs(deps: AccountsDeps, tx: AccountsTx, identity: VerifiedIdentity, replacesSessionId: string | null, now: Date, requestLocale: Locale | undefined): Promise<Result<OAuthSignedIn>> {
  // The emails answer this request: in its language (decision 0066); a new account takes it as its own.
  const texts = textsFor(requestLocale);
  const plan: OAuthSignInPlan = planOAuthSignIn(await facts(tx, identity));
  let userId: string;
  switch (plan.kind) {
    case 'refuse':
      return err(plan.code);
    case 'sign-in':
      userId = plan.userId;
      await tx.oauthIdentities.recordSignIn(identity.provider, identity.subject, identity.email, now);
      break;
    case 'link': {
      userId = plan.userId;
      const linked = await tx.oauthIdentities.insert({ provider: identity.provider, subject: identity.subject, userId, email: identity.email, createdAt: now, lastSignInAt: now });
      if (!linked) throw new LostRace();
      if (plan.removePassword) {
        await tx.users.removePassword(userId);
        await tx.sessions.deleteAllForUser(userId);
      }
      await tx.users.markEmailVerified(userId, now);
      await enqueueNotification(deps, tx, texts.accountEmails.googleLinked(identity.email, plan.removePassword), now);
      break;
    }
    case 'create': {
      userId = deps.random.uuid();
      const created = await tx.users.insert({ id: userId, email: identity.email, passwordHash: null, createdAt: now, lastSignInAt: now, emailVerifiedAt: now, locale: texts.locale });
      if (!created) throw new LostRace();
      if (!(await tx.oauthIdentities.insert({ provider: identity.provider, subject: identity.subject, userId, email: identity.email, createdAt: now, lastSignInAt: now }))) throw new LostRace();
      // Spec section 3's row at sign-up: no password was confirmed, since none was chosen.
      await tx.passwordVerification.insert({ userId, passwordConfirmed: false, confirmedAt: null });
      await enqueueNotification(deps, tx, texts.accountEmails.welcome(identity.email), now);
      break;
    }
  }
  const user = await tx.users.get(userId);
  if (!user) throw new LostRace();
  if (replacesSessionId) await tx.sessions.delete(replacesSessionId);
  await tx.users.recordSignIn(userId, now);
  const issued = await issueSession(deps, tx, userId, now);
  return ok({ issued, account: await loadAccountSummary(tx, user), how: plan.kind === 'sign-in' ? 'signed-in' : plan.kind === 'link' ? 'linked' : 'created' });
}
