import type { Locale } from '../i18n/locale.js';
import type { OAuthAttemptRecord, OAuthIdentityRecord, OAuthProvider } from '../accounts/oauth-sign-in-policy.js';
import type {
  ResetCodeRecord,
  SellerProfile,
  SellerProfileChanges,
  SessionRecord,
  SessionWithUser,
  UserAccount,
  UserRole,
} from '../accounts/account-records.js';
import type { OutboxRepository } from './escrow-store.js';

export interface UserRepository {
  /** Inserts a user; false (and no write) when the email is already registered. */
  insert(user: UserAccount): Promise<boolean>;
  get(id: string): Promise<UserAccount | undefined>;
  /** By lower-cased email. */
  findByEmail(email: string): Promise<UserAccount | undefined>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /** The account keeps no password (decision 0060: an unproven one, when Google proves the address). */
  removePassword(id: string): Promise<void>;
  /** Records that the owner of the address proved it, unless that was already recorded. */
  markEmailVerified(id: string, at: Date): Promise<void>;
  recordSignIn(id: string, at: Date): Promise<void>;
  /** The account's language (decision 0066). */
  setLocale(id: string, locale: Locale): Promise<void>;
}

export interface OAuthIdentityRepository {
  findBySubject(provider: OAuthProvider, subject: string): Promise<OAuthIdentityRecord | undefined>;
  /** The identity of this provider linked to the user, if any (one per provider and user). */
  findForUser(userId: string, provider: OAuthProvider): Promise<OAuthIdentityRecord | undefined>;
  /** False (and no write) when the subject, or this user's link to the provider, already exists. */
  insert(identity: OAuthIdentityRecord): Promise<boolean>;
  /** Notes a sign-in by the subject and the email the provider gave this time. */
  recordSignIn(provider: OAuthProvider, subject: string, email: string, at: Date): Promise<void>;
}

export interface OAuthAttemptRepository {
  insert(attempt: OAuthAttemptRecord): Promise<void>;
  /** Deletes the attempt and returns it: of two requests with the same state, one gets it. */
  take(id: string): Promise<OAuthAttemptRecord | undefined>;
  deleteExpired(now: Date): Promise<number>;
}

export interface PasswordVerificationRepository {
  /** The row spec section 3 asks for at sign-up. */
  insert(row: { userId: string; passwordConfirmed: boolean; confirmedAt: Date | null }): Promise<void>;
}

export interface SessionRepository {
  insert(session: SessionRecord): Promise<void>;
  /** The session and its user's email, roles and seller id; undefined when there is none. */
  getWithUser(id: string): Promise<SessionWithUser | undefined>;
  setIdleExpiry(id: string, idleExpiresAt: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Revokes every session of a user (password changed or reset); returns how many. */
  deleteAllForUser(userId: string): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
}

export interface RoleRepository {
  list(userId: string): Promise<UserRole[]>;
  /** False when the user already holds the role. */
  grant(args: { userId: string; role: UserRole; grantedBy: string | null; at: Date }): Promise<boolean>;
}

export interface ResetCodeRepository {
  insert(code: ResetCodeRecord): Promise<void>;
  /** Marks every unused code of the email used: a new code replaces the old ones. */
  supersedeAll(email: string): Promise<void>;
  /** The newest unused code of the email, locked for this transaction (FOR UPDATE). */
  latestUnusedForUpdate(email: string): Promise<ResetCodeRecord | undefined>;
  /** Counts one wrong entry; returns the new count. */
  recordWrongAttempt(id: string): Promise<number>;
  /** Conditional: only an unused code is marked used; false if it already was. */
  markUsed(id: string): Promise<boolean>;
  deleteExpired(now: Date): Promise<number>;
}

export interface SellerProfileRepository {
  /** False (and no write) when the user already has a seller record. */
  insert(profile: SellerProfile): Promise<boolean>;
  findByUserId(userId: string): Promise<SellerProfile | undefined>;
  /**
   * The seller of this user, its row locked until the transaction ends, so a change that reads
   * it (the logo it replaces) and then writes it is not interleaved with another.
   */
  lockByUserId(userId: string): Promise<SellerProfile | undefined>;
  /** Applies the changes to the seller of this user; undefined when it has none. */
  updateOwn(userId: string, changes: SellerProfileChanges, at: Date): Promise<SellerProfile | undefined>;
}

/** Everything an accounts use case may touch, bound to one database transaction. */
export interface AccountsTx {
  readonly users: UserRepository;
  readonly passwordVerification: PasswordVerificationRepository;
  readonly sessions: SessionRepository;
  readonly roles: RoleRepository;
  readonly resetCodes: ResetCodeRepository;
  readonly sellers: SellerProfileRepository;
  /** Sign in with Google (decision 0060): linked subjects, and sign-ins sent to the provider. */
  readonly oauthIdentities: OAuthIdentityRepository;
  readonly oauthAttempts: OAuthAttemptRepository;
  /** The same outbox as the escrow flow: emails are rows written in the change's transaction. */
  readonly outbox: OutboxRepository;
}

/** Same contract as EscrowStore: committed when `work` returns, rolled back when it throws. */
export interface AccountsStore {
  transaction<T>(work: (tx: AccountsTx) => Promise<T>): Promise<T>;
  read<T>(work: (tx: AccountsTx) => Promise<T>): Promise<T>;
}
