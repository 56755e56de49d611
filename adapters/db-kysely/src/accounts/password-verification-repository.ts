import type { PasswordVerificationRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTimeOrNull, type Codec } from '../store/codec.js';

export function kyselyPasswordVerificationRepository(db: Kysely<Database>, codec: Codec): PasswordVerificationRepository {
  return {
    async insert(row) {
      await db
        .insertInto('password_verification')
        .values({ user_id: row.userId, password_confirmed: codec.bool(row.passwordConfirmed), confirmed_at: encodeTimeOrNull(row.confirmedAt) })
        .execute();
    },
  };
}
