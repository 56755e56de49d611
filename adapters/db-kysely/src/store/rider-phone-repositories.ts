import type { RiderPhoneCode, RiderPhoneCodeRepository, RiderPhoneProof, RiderPhoneProofRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { RiderPhoneCodesTable, RiderPhoneProofsTable } from '../schema/rider-phone-tables.js';
import { decodeBool, decodeInteger, decodeTime, encodeTime, type Codec } from './codec.js';

const toCode = (row: Selectable<RiderPhoneCodesTable>): RiderPhoneCode => ({
  id: row.id,
  phone: row.phone,
  codeHash: row.code_hash,
  used: decodeBool(row.used),
  attempts: decodeInteger(row.attempts),
  expiresAt: decodeTime(row.expires_at),
  createdAt: decodeTime(row.created_at),
});

const toProof = (row: Selectable<RiderPhoneProofsTable>): RiderPhoneProof => ({
  tokenHash: row.token_hash,
  phone: row.phone,
  createdAt: decodeTime(row.created_at),
  expiresAt: decodeTime(row.expires_at),
});

/** Codes sent to riders' phones; the same statements as the password reset codes (reset-code-repository.ts). */
export function kyselyRiderPhoneCodeRepository(db: Kysely<Database>, codec: Codec): RiderPhoneCodeRepository {
  return {
    async insert(code) {
      await db
        .insertInto('rider_phone_codes')
        .values({
          id: code.id,
          phone: code.phone,
          code_hash: code.codeHash,
          used: codec.bool(code.used),
          attempts: code.attempts,
          expires_at: encodeTime(code.expiresAt),
          created_at: encodeTime(code.createdAt),
        })
        .execute();
    },
    async supersedeAll(phone) {
      await db.updateTable('rider_phone_codes').set({ used: codec.bool(true) }).where('phone', '=', phone).where('used', '=', codec.bool(false)).execute();
    },
    /** PostgreSQL locks the row; SQLite runs one write transaction at a time anyway. */
    async latestUnusedForUpdate(phone) {
      const query = db
        .selectFrom('rider_phone_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('used', '=', codec.bool(false))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      const row = await (codec.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row === undefined ? undefined : toCode(row);
    },
    async recordWrongAttempt(id) {
      const row = await db
        .updateTable('rider_phone_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return decodeInteger(row.attempts);
    },
    async markUsed(id) {
      const result = await db.updateTable('rider_phone_codes').set({ used: codec.bool(true) }).where('id', '=', id).where('used', '=', codec.bool(false)).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async deleteExpired(now) {
      const result = await db.deleteFrom('rider_phone_codes').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export function kyselyRiderPhoneProofRepository(db: Kysely<Database>): RiderPhoneProofRepository {
  return {
    async insert(proof) {
      await db
        .insertInto('rider_phone_proofs')
        .values({ token_hash: proof.tokenHash, phone: proof.phone, created_at: encodeTime(proof.createdAt), expires_at: encodeTime(proof.expiresAt) })
        .execute();
    },
    async findByTokenHash(tokenHash) {
      const row = await db.selectFrom('rider_phone_proofs').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row === undefined ? undefined : toProof(row);
    },
    async delete(tokenHash) {
      const result = await db.deleteFrom('rider_phone_proofs').where('token_hash', '=', tokenHash).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async deleteExpired(now) {
      const result = await db.deleteFrom('rider_phone_proofs').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
