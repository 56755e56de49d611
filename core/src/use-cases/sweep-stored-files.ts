import type { Clock } from '../ports/clock.js';
import type { FileReferences, JobLeases, StoredFileEntry, StoredFileListing } from '../ports/stored-files.js';

/**
 * A stored file younger than this is never swept: it may belong to a change that has not
 * committed yet (a photo is written before the row that names it).
 */
export const FILE_SWEEP_MIN_AGE_MS = 60 * 60_000;
/** The in-process sweep runs once per this period across every API process sharing the database. */
export const FILE_SWEEP_EVERY_MS = 24 * 60 * 60_000;
/** Its lease in `JobLeases`. */
export const FILE_SWEEP_JOB = 'sweep-files';

export interface FileSweepDeps {
  readonly files: StoredFileListing;
  readonly references: FileReferences;
  readonly clock: Clock;
}

export interface FileSweepReport {
  /** Files last modified before this were candidates. */
  readonly cutoff: Date;
  readonly dryRun: boolean;
  /** Regular files found in the photo folders. */
  readonly examined: number;
  /** Kept: a row names them. */
  readonly referenced: number;
  /** Kept: newer than the cut-off. */
  readonly recent: number;
  /** Deleted (dry run: would be), as `{folder}/{name}`. */
  readonly removed: readonly string[];
  /** Of those, uploads that never finished (temporary files). */
  readonly unfinished: number;
  /** Changed or gone between the listing and the deletion: left alone. */
  readonly skipped: number;
  readonly failed: readonly { readonly path: string; readonly reason: string }[];
  /**
   * Set when the sweep deleted nothing because it looked wrong: the database names stored
   * files but none of them is in the folder swept (another deployment's folder, a wrong
   * DATA_DIR, an unmounted volume), so every file there would have looked unreferenced.
   */
  readonly refused: string | null;
}

/**
 * Deletes stored files that no row names and that are older than an hour: photos of changes
 * that never committed (a crash between the write and the commit, a removal that failed) and
 * uploads that never finished. Two passes: the candidates are found first (a file is a
 * candidate when it is older than the cut-off and no row names it), then, unless the result
 * looks wrong (see `refused`), each is deleted if it is still a regular file older than the
 * cut-off. A file named by a row is never a candidate; names are never reused, so a candidate
 * cannot become named in between.
 */
export async function sweepStoredFiles(deps: FileSweepDeps, args: { dryRun: boolean }): Promise<FileSweepReport> {
  const cutoff = new Date(deps.clock.now().getTime() - FILE_SWEEP_MIN_AGE_MS);
  let examined = 0;
  let referenced = 0;
  let recent = 0;
  const candidates: StoredFileEntry[] = [];
  for await (const batch of deps.files.list()) {
    examined += batch.length;
    const urls = batch.flatMap((entry) => (entry.url === null ? [] : [entry.url]));
    const named = urls.length > 0 ? await deps.references.referencedAmong(urls) : new Set<string>();
    for (const entry of batch) {
      if (entry.url !== null && named.has(entry.url)) referenced += 1;
      else if (entry.modifiedAt.getTime() >= cutoff.getTime()) recent += 1;
      else candidates.push(entry);
    }
  }
  const report = { cutoff, dryRun: args.dryRun, examined, referenced, recent };
  const finished = candidates.filter((entry) => entry.url !== null);
  if (referenced === 0 && finished.length > 0 && (await deps.references.anyReferenced())) {
    return {
      ...report,
      removed: [],
      unfinished: 0,
      skipped: 0,
      failed: [],
      refused: `none of the ${examined} stored files is named by the database, which names stored files: this is not the API's uploads folder, or it is incomplete. Nothing was deleted.`,
    };
  }
  const removed: string[] = [];
  const failed: { path: string; reason: string }[] = [];
  let unfinished = 0;
  let skipped = 0;
  for (const entry of candidates) {
    if (!args.dryRun) {
      let gone: boolean;
      try {
        gone = await deps.files.removeIfOlder(entry, cutoff);
      } catch (error) {
        failed.push({ path: entry.path, reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      if (!gone) {
        skipped += 1;
        continue;
      }
    }
    removed.push(entry.path);
    if (entry.url === null) unfinished += 1;
  }
  return { ...report, removed, unfinished, skipped, failed, refused: null };
}

/**
 * The daily sweep as several API processes run it: each calls this now and then; whoever
 * takes the day's lease sweeps, the others get null. A sweep that dies half-way is simply
 * done again the next day (deleting an unnamed file twice is harmless).
 */
export async function sweepStoredFilesDaily(deps: FileSweepDeps & { readonly leases: JobLeases }, args: { holder: string }): Promise<FileSweepReport | null> {
  const now = deps.clock.now();
  const taken = await deps.leases.tryTake(FILE_SWEEP_JOB, { holder: args.holder, now, until: new Date(now.getTime() + FILE_SWEEP_EVERY_MS) });
  return taken ? sweepStoredFiles(deps, { dryRun: false }) : null;
}
