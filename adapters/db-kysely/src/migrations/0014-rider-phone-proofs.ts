import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/**
 * Riders prove their phone (PRODUCT-DECISIONS, Real money; decision 0046):
 * - `rider_phone_codes`: one row per code sent (or, for a phone no seller lists, not sent) to a
 *   phone, stored as a salted SHA-256, never in plain text; `attempts` counts wrong entries
 *   (5 allowed, 10 minutes). The code step reads a phone's newest unused code.
 * - `rider_phone_proofs`: what a browser holds after a right code, by the SHA-256 of its token,
 *   with the phone it proves (30 days; deleting the row revokes it).
 * "Is this phone on any seller's rider list?" uses riders_phone_idx of 0002.
 * Expired rows of both tables are swept hourly (by `expires_at`).
 *
 * Written beside 0012 and 0013 of other branches: it touches no table of theirs and needs
 * nothing they add, so it runs the same before, after or between them.
 */
export function riderPhoneProofsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rider_phone_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .$call(k.bool('used', { default: false }))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
        .$call(k.timestamp('expires_at'))
        .$call(k.timestamp('created_at'))
        .execute();
      // The code step: a phone's newest code.
      await db.schema.createIndex('rider_phone_codes_phone_created_idx').on('rider_phone_codes').columns(['phone', 'created_at']).execute();
      await db.schema.createIndex('rider_phone_codes_expires_idx').on('rider_phone_codes').column('expires_at').execute();

      await db.schema
        .createTable('rider_phone_proofs')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('expires_at'))
        .execute();
      await db.schema.createIndex('rider_phone_proofs_expires_idx').on('rider_phone_proofs').column('expires_at').execute();
    },
  };
}
