import type { ResetCodeRecord, ResetCodeRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { PasswordResetCodesTable } from '../schema/account-tables.js';
import { decodeBool, decodeInteger, decodeTime, encodeTime, type Codec } from '../store/codec.js';

const toRecord = (row: Selectable<PasswordResetCodesTable>): ResetCodeRecord => ({
  id: row.id,
  email: row.email,
  codeHash: row.code_hash,
  used: decodeBool(row.used),
  attempts: decodeInteger(row.attempts),
  expiresAt: decodeTime(row.expires_at),
  createdAt: decodeTime(row.created_at),
});

export function kyselyResetCodeRepository(db: Kysely<Database>, codec: Codec): ResetCodeRepository {
  return {
    async insert(code) {
      await db
        .insertInto('password_reset_codes')
        .values({
          id: code.id,
          email: code.email,
          code_hash: code.codeHash,
          used: codec.bool(code.used),
          attempts: code.attempts,
          expires_at: encodeTime(code.expiresAt),
          created_at: encodeTime(code.createdAt),
        })
        .execute();
    },
    async supersedeAll(email) {
      await db
        .updateTable('password_reset_codes')
        .set({ used: codec.bool(true) })
        .where('email', '=', email)
        .where('used', '=', codec.bool(false))
        .execute();
    },
    /** PostgreSQL locks the row; SQLite runs one write transaction at a time anyway. */
    async latestUnusedForUpdate(email) {
      const query = db
        .selectFrom('password_reset_codes')
        .selectAll()
        .where('email', '=', email)
        .where('used', '=', codec.bool(false))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      const row = await (codec.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    async recordWrongAttempt(id) {
      const row = await db
        .updateTable('password_reset_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return decodeInteger(row.attempts);
    },
    async markUsed(id) {
      const result = await db
        .updateTable('password_reset_codes')
        .set({ used: codec.bool(true) })
        .where('id', '=', id)
        .where('used', '=', codec.bool(false))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async deleteExpired(now) {
      const result = await db.deleteFrom('password_reset_codes').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
