import type { Locale } from '../i18n/locale.js';
import type { SellerPayoutMethod } from '../validation/payment-number.js';
import type { SellerPayoutDetails } from '../payouts/seller-payout-details.js';

/** Roles a user may hold (user_roles). Only a super admin grants `admin` (product decisions). */
export const USER_ROLES = ['admin', 'super_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A sign-in identity. The email is stored lower-cased; the password only as an Argon2id hash. */
export interface UserAccount {
  readonly id: string;
  readonly email: string;
  /** Null: the account has no password (opened with Google, or its unproven password was removed; decision 0060). */
  readonly passwordHash: string | null;
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
  /**
   * When the owner of the address last proved it (a reset code from an email used, or a Google
   * sign-in with a verified email); null: never, so its password may have been set by anyone
   * who typed the address at sign-up. Reads always carry it; an insert may leave it out (null).
   */
  readonly emailVerifiedAt?: Date | null;
  /**
   * The account's language (decision 0066): the language of the request that opened it, then
   * the seller's switch. The seller's texts and emails about their orders are written in it.
   * Reads always carry it; an insert may leave it out (English).
   */
  readonly locale?: Locale;
}

/**
 * A server-side session. `id` is the SHA-256 of the token in the cookie, so the table alone
 * does not hold a usable session. It dies at `expiresAt` (absolute) or at `idleExpiresAt`
 * (no request for a while), whichever comes first.
 */
export interface SessionRecord {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly idleExpiresAt: Date;
}

/** A session with what every request needs to know about its user. */
export interface SessionWithUser {
  readonly session: SessionRecord;
  readonly email: string;
  readonly roles: readonly UserRole[];
  readonly sellerId: string | null;
}

/** A password-reset code, stored as a hash; `attempts` counts wrong entries. */
export interface ResetCodeRecord {
  readonly id: string;
  readonly email: string;
  readonly codeHash: string;
  readonly used: boolean;
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

/** The seller record (spec section 3), as its owner reads and edits it. */
export interface SellerProfile {
  readonly id: string;
  readonly userId: string;
  readonly businessName: string;
  readonly businessProfile: string | null;
  readonly location: string;
  readonly phone: string;
  readonly whatsapp: string | null;
  readonly logoUrl: string | null;
  readonly about: string | null;
  readonly paymentMethod: SellerPayoutMethod;
  readonly paymentNumber: string;
  readonly termsAccepted: boolean;
  readonly termsAcceptedAt: Date | null;
  readonly email: string | null;
  /** Notifications by SMS to `phone` and/or by email to `email`; both true unless the seller chose (decision 0048). */
  readonly notifyBySms: boolean;
  readonly notifyByEmail: boolean;
  /** Where payouts go (decision 0049); `paymentMethod` / `paymentNumber` follow it for the spec's admin tables. */
  readonly payoutDetails: SellerPayoutDetails;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The fields an owner may change, one profile section at a time. */
export type SellerProfileChanges = Partial<
  Pick<SellerProfile, 'businessName' | 'location' | 'phone' | 'whatsapp' | 'about' | 'logoUrl' | 'paymentMethod' | 'paymentNumber' | 'notifyBySms' | 'notifyByEmail' | 'payoutDetails'>
>;

/** What the frontends are told about the signed-in caller (GET /api/me). */
export interface AccountSummary {
  readonly userId: string;
  readonly email: string;
  readonly roles: readonly UserRole[];
  readonly isAdmin: boolean;
  readonly sellerId: string | null;
}

export const isAdminRole = (roles: readonly UserRole[]): boolean => roles.includes('admin') || roles.includes('super_admin');
