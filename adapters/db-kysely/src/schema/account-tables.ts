import type { ColumnType } from 'kysely';
import type { DbBool, LocaleColumn, Timestamp } from './column-types.js';

/** Null until the purge anonymises the row; inserts may leave it out (it defaults to null). */
type Anonymised = ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;

/** A choice with a default: inserts written before migration 0016 leave it out (true). */
type DefaultTrue = ColumnType<DbBool, DbBool | undefined, DbBool>;

/** Sign-in identities. `email` is stored lower-cased (a CHECK refuses anything else). */
export interface UsersTable {
  id: string;
  email: string;
  /** An Argon2id PHC string, or a value starting with '!' for none: '!none' (migration 0021), '!anonymised'. */
  password_hash: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  /** Set once when the inactive-account purge removed the personal data (migration 0006). */
  anonymised_at: Anonymised;
  /** When the owner of the address last proved it: a reset code used, a Google sign-in (migration 0021). */
  email_verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The account's language (migration 0022, decision 0066); inserts may leave it out ('en'). */
  locale: LocaleColumn;
}

export type OAuthProviderColumn = 'google';

/** A provider's subject linked to an account (migration 0021, decision 0060). */
export interface OAuthIdentitiesTable {
  provider: OAuthProviderColumn;
  subject: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp;
}

/** A sign-in sent to the provider; `id` is the SHA-256 of its state (migration 0021). */
export interface OAuthSignInAttemptsTable {
  id: string;
  provider: OAuthProviderColumn;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** `id` is a hash of the session token: a leaked table does not leak usable sessions. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  idle_expires_at: Timestamp;
}

export type UserRole = 'admin' | 'super_admin';

export interface UserRolesTable {
  user_id: string;
  role: UserRole;
  granted_by: string | null;
  created_at: Timestamp;
}

export interface PasswordVerificationTable {
  user_id: string;
  password_confirmed: DbBool;
  confirmed_at: Timestamp | null;
}

/** Reset codes are stored hashed; `attempts` counts wrong tries (5 allowed, 15 minutes). */
export interface PasswordResetCodesTable {
  id: string;
  email: string;
  code_hash: string;
  used: DbBool;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type SellerPaymentMethod = 'direct_mpesa' | 'paybill' | 'till_number';

export type PayoutMethodColumn = 'mpesa_phone' | 'paybill' | 'till';

/** A nullable column inserts may leave out (it defaults to null). */
type NullableDefault<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SellersTable {
  id: string;
  user_id: string;
  business_name: string;
  business_profile: string | null;
  location: string;
  phone: string;
  whatsapp: string | null;
  logo_url: string | null;
  about: string | null;
  payment_method: SellerPaymentMethod;
  payment_number: string;
  terms_accepted: DbBool;
  terms_accepted_at: Timestamp | null;
  /** Snapshot of the user's email for notifications; null once anonymised. */
  email: string | null;
  /** How the seller is told about their orders, SMS and/or email; never both false (migration 0016, decision 0048). */
  notify_by_sms: DefaultTrue;
  notify_by_email: DefaultTrue;
  /**
   * Where payouts go (migration 0017, decision 0049), apart from `phone`; the chosen method's
   * number is never null (CHECK) until the purge anonymises the row. Inserts written before
   * 0017 leave them out. payment_method / payment_number follow every change.
   */
  payout_method: ColumnType<PayoutMethodColumn, PayoutMethodColumn | undefined, PayoutMethodColumn>;
  payout_phone: NullableDefault<string>;
  payout_paybill_number: NullableDefault<string>;
  payout_account_reference: NullableDefault<string>;
  payout_till_number: NullableDefault<string>;
  payout_details_changed_at: NullableDefault<Timestamp>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set once when the inactive-account purge removed the personal data (migration 0006). */
  anonymised_at: Anonymised;
}

export interface BuyerProfilesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  address: string;
  pin_location_link: string | null;
  landmark: string | null;
  house_number: string | null;
  estate: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Payment destination shown to buyers (mpesa_business_number, ...), edited by admins. */
export interface SystemConfigTable {
  config_key: string;
  config_value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface ContactSubmissionsTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  resolved: DbBool;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
  created_at: Timestamp;
}
