import { isAdminRole, type UserRole } from './account-records.js';

/** Identity providers a seller may sign in with (decision 0060). */
export const OAUTH_PROVIDERS = ['google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** A sign-in started at the provider must come back within this long. */
export const OAUTH_ATTEMPT_TTL_MS = 10 * 60_000;
/** state, PKCE code verifier and nonce: 32 random bytes each (43 base64url characters, within PKCE's 43 to 128). */
export const OAUTH_SECRET_BYTES = 32;

/**
 * Who the provider vouched for, after its ID token passed every check (signature against the
 * provider's keys, issuer, audience, expiry, nonce). `subject` is the provider's stable id of the
 * person; `email` is as the provider wrote it.
 */
export interface VerifiedIdentity {
  readonly provider: OAuthProvider;
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

/** An account's link to a provider's subject: later sign-ins find the account by it, whatever the email is then. */
export interface OAuthIdentityRecord {
  readonly provider: OAuthProvider;
  readonly subject: string;
  readonly userId: string;
  /** The email the provider gave when it was last used (for support; sign-in goes by subject). */
  readonly email: string;
  readonly createdAt: Date;
  readonly lastSignInAt: Date;
}

/**
 * A sign-in sent to the provider and not back yet. `id` is the SHA-256 of the state (the state
 * itself is only in the browser's cookie and the provider's redirect); the PKCE verifier and the
 * nonce never leave the server. Taken (deleted) once, whatever the outcome.
 */
export interface OAuthAttemptRecord {
  readonly id: string;
  readonly provider: OAuthProvider;
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** What to do with a verified identity, decided from what the database holds. */
export type OAuthSignInPlan =
  | { readonly kind: 'refuse'; readonly code: 'OAUTH_EMAIL_NOT_VERIFIED' | 'OAUTH_ADMIN_NOT_ALLOWED' | 'OAUTH_LINKED_TO_ANOTHER' }
  /** The subject is already linked: into that account. */
  | { readonly kind: 'sign-in'; readonly userId: string }
  /**
   * The address belongs to an account: link the subject to it. `removePassword`: its password was
   * never proven to be the address owner's (anyone may sign up with any address), so whoever set
   * it loses it, and every session ends, before the owner gets in (pre-account-takeover).
   */
  | { readonly kind: 'link'; readonly userId: string; readonly removePassword: boolean }
  /** Nobody has the address: a new account without a password. */
  | { readonly kind: 'create' };

export interface OAuthSignInFacts {
  readonly emailVerified: boolean;
  /** The account the subject is linked to, if any. */
  readonly bySubject?: { readonly userId: string; readonly roles: readonly UserRole[] } | undefined;
  /** The account holding the identity's email, if any (read only when the subject is not linked). */
  readonly byEmail?:
    | {
        readonly userId: string;
        readonly roles: readonly UserRole[];
        readonly hasPassword: boolean;
        readonly emailVerified: boolean;
        /** The subject of this provider already linked to that account, if any. */
        readonly linkedSubject: string | null;
      }
    | undefined;
}

/**
 * The linking rule (decision 0060):
 * 1. Only an address the provider verified is believed, for a new, a linked or a linking sign-in.
 * 2. Never an admin: admins sign in with their password (an admin moves money; a Google account
 *    or an email match must not be a way in).
 * 3. A linked subject signs into its account, even if the address has changed since.
 * 4. An address matching an account links to it, unless that account is already linked to
 *    another subject of the provider (one Google account per account: an address reassigned at
 *    Google must not open a second door).
 * 5. Otherwise a new account.
 */
export function planOAuthSignIn(facts: OAuthSignInFacts): OAuthSignInPlan {
  if (!facts.emailVerified) return { kind: 'refuse', code: 'OAUTH_EMAIL_NOT_VERIFIED' };
  if (facts.bySubject) {
    if (isAdminRole(facts.bySubject.roles)) return { kind: 'refuse', code: 'OAUTH_ADMIN_NOT_ALLOWED' };
    return { kind: 'sign-in', userId: facts.bySubject.userId };
  }
  if (facts.byEmail) {
    if (isAdminRole(facts.byEmail.roles)) return { kind: 'refuse', code: 'OAUTH_ADMIN_NOT_ALLOWED' };
    if (facts.byEmail.linkedSubject !== null) return { kind: 'refuse', code: 'OAUTH_LINKED_TO_ANOTHER' };
    return { kind: 'link', userId: facts.byEmail.userId, removePassword: facts.byEmail.hasPassword && !facts.byEmail.emailVerified };
  }
  return { kind: 'create' };
}
