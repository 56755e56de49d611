import { describe, expect, it } from 'vitest';
import {
  FILE_SWEEP_EVERY_MS,
  FILE_SWEEP_JOB,
  FILE_SWEEP_MIN_AGE_MS,
  sweepStoredFiles,
  sweepStoredFilesDaily,
  type FileReferences,
  type JobLeases,
  type StoredFileEntry,
  type StoredFileListing,
} from '../../src/index.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const clock = { now: () => NOW };
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 3_600_000;

/** Files in memory: `list` yields batches of two; `removeIfOlder` checks the date it holds now, as the disk adapter does. */
class MemoryFiles implements StoredFileListing {
  readonly files = new Map<string, StoredFileEntry>();
  readonly failing = new Set<string>();
  constructor(entries: { path: string; ageMs: number; temporary?: boolean }[]) {
    for (const e of entries) this.files.set(e.path, { path: e.path, url: e.temporary ? null : `/uploads/order-photos/${e.path}`, modifiedAt: ago(e.ageMs) });
  }
  async *list() {
    const all = [...this.files.values()];
    for (let at = 0; at < all.length; at += 2) yield all.slice(at, at + 2);
  }
  async removeIfOlder(entry: StoredFileEntry, cutoff: Date) {
    if (this.failing.has(entry.path)) throw new Error('EACCES: permission denied');
    const now = this.files.get(entry.path);
    if (!now || now.modifiedAt.getTime() >= cutoff.getTime()) return false;
    this.files.delete(entry.path);
    return true;
  }
}

const referencing = (paths: string[], others = false): FileReferences => ({
  referencedAmong: async (urls) => new Set(urls.filter((url) => paths.some((p) => url === `/uploads/order-photos/${p}`))),
  anyReferenced: async () => paths.length > 0 || others,
});

describe('sweepStoredFiles', () => {
  it('deletes files older than an hour that no row names; keeps named and newer ones; unfinished uploads go too', async () => {
    const files = new MemoryFiles([
      { path: 'products/named-old.jpg', ageMs: 30 * 24 * HOUR },
      { path: 'products/orphan.jpg', ageMs: 2 * HOUR },
      { path: 'pickup/orphan-just-old-enough.jpg', ageMs: FILE_SWEEP_MIN_AGE_MS + 1 },
      { path: 'pickup/orphan-exactly-an-hour.jpg', ageMs: FILE_SWEEP_MIN_AGE_MS },
      { path: 'packaged/orphan-new.jpg', ageMs: 59 * 60_000 },
      { path: 'packaged/.123-abc.part', ageMs: 3 * HOUR, temporary: true },
      { path: 'pickup/.124-abc.part', ageMs: 60_000, temporary: true },
      { path: 'seller-logos/named-new.png', ageMs: 0 },
    ]);
    const report = await sweepStoredFiles({ files, references: referencing(['products/named-old.jpg', 'seller-logos/named-new.png']), clock }, { dryRun: false });
    expect(report).toEqual({
      cutoff: ago(FILE_SWEEP_MIN_AGE_MS),
      dryRun: false,
      examined: 8,
      referenced: 2,
      recent: 3,
      removed: ['products/orphan.jpg', 'pickup/orphan-just-old-enough.jpg', 'packaged/.123-abc.part'],
      unfinished: 1,
      skipped: 0,
      failed: [],
      refused: null,
    });
    expect([...files.files.keys()].sort()).toEqual(['packaged/orphan-new.jpg', 'pickup/.124-abc.part', 'pickup/orphan-exactly-an-hour.jpg', 'products/named-old.jpg', 'seller-logos/named-new.png']);
  });

  it('a dry run reports the same and deletes nothing', async () => {
    const files = new MemoryFiles([
      { path: 'products/named.jpg', ageMs: 5 * HOUR },
      { path: 'products/orphan.jpg', ageMs: 5 * HOUR },
    ]);
    const report = await sweepStoredFiles({ files, references: referencing(['products/named.jpg']), clock }, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, removed: ['products/orphan.jpg'], referenced: 1, refused: null });
    expect(files.files.size).toBe(2);
  });

  it('deletes nothing when none of the files is named but the database names files (the wrong folder)', async () => {
    const files = new MemoryFiles([
      { path: 'products/a.jpg', ageMs: 5 * HOUR },
      { path: 'products/b.jpg', ageMs: 5 * HOUR },
    ]);
    const report = await sweepStoredFiles({ files, references: referencing([], true), clock }, { dryRun: false });
    expect(report.refused).toMatch(/none of the 2 stored files is named by the database/);
    expect(report.removed).toEqual([]);
    expect(files.files.size).toBe(2);
    // A database that names nothing (every photo purged, or none ever stored): orphans go.
    expect((await sweepStoredFiles({ files, references: referencing([]), clock }, { dryRun: false })).removed).toHaveLength(2);
  });

  it('counts a file it could not delete and one that changed since the listing, and goes on', async () => {
    const files = new MemoryFiles([
      { path: 'products/locked.jpg', ageMs: 5 * HOUR },
      { path: 'products/touched.jpg', ageMs: 5 * HOUR },
      { path: 'products/orphan.jpg', ageMs: 5 * HOUR },
    ]);
    files.failing.add('products/locked.jpg');
    const listing: StoredFileListing = {
      list: () => files.list(),
      async removeIfOlder(entry, cutoff) {
        // Written again after it was listed (the disk adapter checks the date it has then).
        if (entry.path === 'products/touched.jpg') files.files.set(entry.path, { ...entry, modifiedAt: NOW });
        return files.removeIfOlder(entry, cutoff);
      },
    };
    const report = await sweepStoredFiles({ files: listing, references: referencing([]), clock }, { dryRun: false });
    expect(report).toMatchObject({ removed: ['products/orphan.jpg'], skipped: 1, failed: [{ path: 'products/locked.jpg', reason: 'EACCES: permission denied' }] });
  });
});

describe('sweepStoredFilesDaily', () => {
  it('sweeps only when it takes the day\'s lease, held for a day', async () => {
    const taken: { name: string; holder: string; now: Date; until: Date }[] = [];
    let free = true;
    const leases: JobLeases = {
      async tryTake(name, args) {
        taken.push({ name, ...args });
        const won = free;
        free = false;
        return won;
      },
      async release() {
        throw new Error('the daily sweep keeps its lease for the day');
      },
      async renew() {
        throw new Error('the daily sweep keeps its lease for the day');
      },
    };
    const files = new MemoryFiles([{ path: 'products/orphan.jpg', ageMs: 5 * HOUR }]);
    const deps = { files, references: referencing([]), clock, leases };
    expect((await sweepStoredFilesDaily(deps, { holder: 'api-1' }))?.removed).toEqual(['products/orphan.jpg']);
    expect(await sweepStoredFilesDaily(deps, { holder: 'api-2' })).toBeNull();
    expect(taken).toEqual([
      { name: FILE_SWEEP_JOB, holder: 'api-1', now: NOW, until: new Date(NOW.getTime() + FILE_SWEEP_EVERY_MS) },
      { name: FILE_SWEEP_JOB, holder: 'api-2', now: NOW, until: new Date(NOW.getTime() + FILE_SWEEP_EVERY_MS) },
    ]);
  });
});
