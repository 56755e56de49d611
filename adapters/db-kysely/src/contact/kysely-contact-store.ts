import type { ContactStore } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor, encodeTime } from '../store/codec.js';

/** ContactStore over the contact_submissions table (migration 0001); new messages are unresolved. */
export function createKyselyContactStore(db: Kysely<Database>, dialect: SqlDialect): ContactStore {
  const codec = codecFor(dialect);
  return {
    async insert(submission) {
      await db
        .insertInto('contact_submissions')
        .values({
          id: submission.id,
          name: submission.name,
          email: submission.email,
          phone: submission.phone,
          message: submission.message,
          resolved: codec.bool(false),
          resolved_at: null,
          resolved_by: null,
          created_at: encodeTime(submission.createdAt),
        })
        .execute();
    },
  };
}
