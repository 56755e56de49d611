import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** A frozen copy of core's OAUTH_PROVIDERS (a later provider is a new migration). */
const PROVIDERS = ['google'];

/**
 * Sign in with Google (issue 19, decision 0060):
 * - `oauth_identities`: a provider's subject linked to an account, one per subject (primary key)
 *   and one per account and provider (unique), gone with the user row. Sign-ins find the account
 *   by subject; `email` is the address the provider gave last (support only).
 * - `oauth_sign_in_attempts`: a sign-in sent to the provider, keyed by the SHA-256 of its state,
 *   holding the PKCE verifier and the nonce until the browser returns (deleted then, or swept
 *   once expired: 10 minutes).
 * - `users.email_verified_at`: when the address's owner last proved it (a reset code used, a
 *   Google sign-in); null for every account so far. An account without a password keeps
 *   `password_hash` NOT NULL and holds '!none' there (the same '!' mark as '!anonymised': no
 *   Argon2 string starts with it), since SQLite would need the users table rebuilt, with every
 *   foreign key pointing at it, to drop NOT NULL.
 */
export function oauthSignInMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  const timestampType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('oauth_identities')
        .addColumn('provider', 'text', (c) => c.notNull().check(oneOf('provider', PROVIDERS)))
        .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 255`))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('last_sign_in_at'))
        .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('oauth_identities_user_provider_idx').on('oauth_identities').columns(['user_id', 'provider']).unique().execute();

      await db.schema
        .createTable('oauth_sign_in_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull().check(oneOf('provider', PROVIDERS)))
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('expires_at'))
        .execute();
      await db.schema.createIndex('oauth_sign_in_attempts_expires_idx').on('oauth_sign_in_attempts').column('expires_at').execute();

      await db.schema
        .alterTable('users')
        .addColumn('email_verified_at', timestampType, (c) => c.check(sql`length(email_verified_at) = 24`))
        .execute();
    },
  };
}
