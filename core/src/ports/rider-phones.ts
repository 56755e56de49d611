import type { RiderPhoneCode, RiderPhoneProof } from '../riders/rider-phone-records.js';

/** One-time codes sent to riders' phones (stored hashed). */
export interface RiderPhoneCodeRepository {
  insert(code: RiderPhoneCode): Promise<void>;
  /** Marks every unused code of the phone used: a new code replaces the old ones. */
  supersedeAll(phone: string): Promise<void>;
  /** The newest unused code of the phone, locked for this transaction (FOR UPDATE). */
  latestUnusedForUpdate(phone: string): Promise<RiderPhoneCode | undefined>;
  /** Counts one wrong entry; returns the new count. */
  recordWrongAttempt(id: string): Promise<number>;
  /** Conditional: only an unused code is marked used; false if it already was. */
  markUsed(id: string): Promise<boolean>;
  /** Deletes codes whose life ended at or before `now`; returns how many went. */
  deleteExpired(now: Date): Promise<number>;
}

/** Proofs that a browser holds a phone (by the hash of the token it was given). */
export interface RiderPhoneProofRepository {
  insert(proof: RiderPhoneProof): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<RiderPhoneProof | undefined>;
  /** Revokes one proof; false when there was none. */
  delete(tokenHash: string): Promise<boolean>;
  /** Deletes proofs whose life ended at or before `now`; returns how many went. */
  deleteExpired(now: Date): Promise<number>;
}
