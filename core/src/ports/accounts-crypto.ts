/**
 * Password hashing (Argon2id in the API's adapter). Slow on purpose; call it outside any
 * database transaction.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws for bad input. */
  verify(hash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with weaker settings than today's and should be redone. */
  needsRehash(hash: string): boolean;
}

/**
 * A fast one-way digest for high-entropy secrets (session tokens) and for short-lived codes,
 * so the database never holds them in a usable form.
 */
export interface SecretDigest {
  /** Lower-case hex SHA-256 of the UTF-8 bytes of `value`. */
  sha256Hex(value: string): string;
}
