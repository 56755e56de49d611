/** A key's failures since its count last started, and when the latest happened. */
export interface FailureCount {
  readonly failures: number;
  readonly lastFailureAt: Date;
}

/**
 * Failures counted per key with the time of the last one, shared by every API instance (rows
 * in the database), for limits whose wait grows with each failure (sign-in throttling,
 * accounts/sign-in-throttle.ts). A count is forgotten `forgetAfterMs` after its last failure;
 * the next failure starts it again at 1.
 */
export interface FailureCounters {
  /** The counts of `keys` still remembered at `now` (a forgotten or unknown key is absent). */
  read(keys: readonly string[], now: Date): Promise<ReadonlyMap<string, FailureCount>>;
  /**
   * Counts one failure of `key` at `now` only if its count is still `seen` (what `read` gave;
   * undefined for none): false when another request counted one in between. Check-then-count
   * is thereby one step per key, so parallel attempts cannot all pass the same check.
   */
  claim(key: string, seen: FailureCount | undefined, now: Date, forgetAfterMs: number): Promise<boolean>;
  /** Counts one failure of `key` at `now`, whatever its count. */
  record(key: string, now: Date, forgetAfterMs: number): Promise<void>;
  /** Forgets `key`'s failures (a right password clears its account-and-address count). */
  clear(key: string): Promise<void>;
  /** Deletes forgotten counts; returns how many went. */
  purgeExpired(now: Date): Promise<number>;
}
