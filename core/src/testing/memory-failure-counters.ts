import type { FailureCount, FailureCounters } from '../ports/failure-counters.js';

/** FailureCounters in memory, with the database adapter's semantics (a test double). */
export class MemoryFailureCounters implements FailureCounters {
  readonly rows = new Map<string, FailureCount & { readonly expiresAt: Date }>();

  private live(key: string, now: Date): (FailureCount & { readonly expiresAt: Date }) | undefined {
    const row = this.rows.get(key);
    return row && row.expiresAt.getTime() > now.getTime() ? row : undefined;
  }

  async read(keys: readonly string[], now: Date): Promise<ReadonlyMap<string, FailureCount>> {
    const counts = new Map<string, FailureCount>();
    for (const key of keys) {
      const row = this.live(key, now);
      if (row) counts.set(key, { failures: row.failures, lastFailureAt: row.lastFailureAt });
    }
    return counts;
  }

  async claim(key: string, seen: FailureCount | undefined, now: Date, forgetAfterMs: number): Promise<boolean> {
    const row = this.live(key, now);
    const same = seen === undefined ? row === undefined : row !== undefined && row.failures === seen.failures && row.lastFailureAt.getTime() === seen.lastFailureAt.getTime();
    if (!same) return false;
    await this.record(key, now, forgetAfterMs);
    return true;
  }

  async record(key: string, now: Date, forgetAfterMs: number): Promise<void> {
    const row = this.live(key, now);
    this.rows.set(key, { failures: (row?.failures ?? 0) + 1, lastFailureAt: now, expiresAt: new Date(now.getTime() + forgetAfterMs) });
  }

  async clear(key: string): Promise<void> {
    this.rows.delete(key);
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [key, row] of this.rows) {
      if (row.expiresAt.getTime() <= now.getTime()) {
        this.rows.delete(key);
        purged += 1;
      }
    }
    return purged;
  }
}
