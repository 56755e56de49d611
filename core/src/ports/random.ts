/** Randomness the core needs; the default implementation is a CSPRNG (platform/crypto-random.ts). */
export interface Random {
  /** A uniformly random integer in [min, maxExclusive). */
  int(min: number, maxExclusive: number): number;
  /** A fresh unique id (UUID v4). */
  uuid(): string;
  /** A URL-safe secret with at least `bytes` bytes of entropy. */
  token(bytes: number): string;
}
