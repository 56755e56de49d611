import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/**
 * Users, sessions, roles, password reset, sellers, buyer profiles, payment settings and the
 * contact form. Whatever a user owns alone (sessions, roles, profile) goes when the user goes;
 * a seller row is never deleted with its user, because orders and the ledger point at it
 * (inactive sellers are anonymised in place).
 */
export function accountsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Lower-cased by the app; the CHECK makes "unique" mean case-insensitively unique.
        .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('last_sign_in_at', { nullable: true }))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('expires_at'))
        .$call(k.timestamp('idle_expires_at'))
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().check(oneOf('role', ['admin', 'super_admin'])))
        .addColumn('granted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .$call(k.timestamp('created_at'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
        .execute();

      await db.schema
        .createTable('password_verification')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .$call(k.bool('password_confirmed', { default: false }))
        .$call(k.timestamp('confirmed_at', { nullable: true }))
        .execute();

      await db.schema
        .createTable('password_reset_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .$call(k.bool('used', { default: false }))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
        .$call(k.timestamp('expires_at'))
        .$call(k.timestamp('created_at'))
        .execute();
      await db.schema.createIndex('password_reset_codes_email_idx').on('password_reset_codes').columns(['email', 'created_at']).execute();

      await db.schema
        .createTable('sellers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('restrict'))
        .addColumn('business_name', 'text', (c) => c.notNull())
        .addColumn('business_profile', 'text')
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('whatsapp', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('about', 'text')
        .addColumn('payment_method', 'text', (c) => c.notNull().check(oneOf('payment_method', ['direct_mpesa', 'paybill', 'till_number'])))
        .addColumn('payment_number', 'text', (c) => c.notNull())
        .$call(k.bool('terms_accepted', { default: false }))
        .$call(k.timestamp('terms_accepted_at', { nullable: true }))
        .addColumn('email', 'text')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .execute();

      await db.schema
        .createTable('buyer_profiles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('pin_location_link', 'text')
        .addColumn('landmark', 'text')
        .addColumn('house_number', 'text')
        .addColumn('estate', 'text')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .execute();

      await db.schema
        .createTable('system_config')
        .addColumn('config_key', 'text', (c) => c.primaryKey())
        .addColumn('config_value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .$call(k.timestamp('updated_at'))
        .execute();

      // The spec's limits (section 5) as a last line: the form validates first.
      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
        .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 1 and 255`))
        .addColumn('phone', 'text', (c) => c.check(sql`length(phone) <= 20`))
        .addColumn('message', 'text', (c) => c.notNull().check(sql`length(message) between 1 and 1000`))
        .$call(k.bool('resolved', { default: false }))
        .$call(k.timestamp('resolved_at', { nullable: true }))
        .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .$call(k.timestamp('created_at'))
        .execute();
      await db.schema.createIndex('contact_submissions_created_idx').on('contact_submissions').column('created_at').execute();
    },
  };
}
