/**
 * A one-time code sent by SMS to a phone that asked to prove itself (PRODUCT-DECISIONS, Real
 * money: riders prove their phone). Stored hashed, like a password reset code.
 */
export interface RiderPhoneCode {
  readonly id: string;
  /** E.164. */
  readonly phone: string;
  /** SHA-256 of `rider-phone-code:{id}:{code}`: the row id salts it. */
  readonly codeHash: string;
  /** Spent: used for a proof, or replaced by a newer code. */
  readonly used: boolean;
  /** Wrong entries so far. */
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

/**
 * What a browser holds after entering a right code: a random token (in an HttpOnly cookie)
 * whose hash is kept here with the phone it proves. Deleting the row revokes it.
 */
export interface RiderPhoneProof {
  /** SHA-256 of `rider-phone-proof:{token}`: a leaked table holds no usable proof. */
  readonly tokenHash: string;
  /** E.164. */
  readonly phone: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}
