import type { ColumnType } from 'kysely';
import type { DbBool, Timestamp } from './column-types.js';

/** Codes sent to riders' phones (migration 0014): salted SHA-256, 5 wrong tries, 10 minutes. */
export interface RiderPhoneCodesTable {
  id: string;
  phone: string;
  code_hash: string;
  used: DbBool;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Proofs that a browser holds a phone, by the SHA-256 of their token (migration 0014). */
export interface RiderPhoneProofsTable {
  token_hash: string;
  phone: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}
