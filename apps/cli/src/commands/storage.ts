import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { nairobiDateTime, type StoredFileEntry } from '@escrow/core';
import { fileStorageFromEnv } from '@escrow/storage-s3/env';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type CliIo, type Command } from '../command.js';

const MIGRATE_USAGE = 'escrow-admin storage migrate --to s3 [--dry-run]';
const CHECK_USAGE = 'escrow-admin storage check';

/** Files copied at once: enough to hide the round trips, few enough for a small machine and a rate-limited bucket. */
const PARALLEL = 4;
/** A progress line on standard error every so many files, for a long migration. */
const PROGRESS_EVERY = 500;

const TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const typeByName = (path: string): string => TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

const files = (n: number): string => `${n} file${n === 1 ? '' : 's'}`;
const rows = (n: number): string => `${n} row${n === 1 ? '' : 's'}`;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface MigrateReport {
  copied: number;
  copiedBytes: number;
  alreadyThere: number;
  wouldCopy: number;
  wouldCopyBytes: number;
  unfinished: number;
  conflicts: { path: string; reason: string }[];
  failed: { path: string; reason: string }[];
}

/** The bucket of the S3_* variables, whatever FILE_STORAGE says (it stays local while the photos are copied). */
function bucketSettings(env: NodeJS.ProcessEnv) {
  const { settings, problems } = fileStorageFromEnv({ ...env, FILE_STORAGE: 's3' });
  if (!settings || settings.kind !== 's3') {
    const said = problems.map((problem) => `  - ${problem.replace('required with FILE_STORAGE=s3', 'required to name the bucket to copy to')}`);
    throw new CliError(`the bucket to copy the photos to is not configured (the same S3_* variables the API reads with FILE_STORAGE=s3):\n${said.join('\n')}`, EXIT.failed);
  }
  return settings.bucket;
}

export const storageMigrateCommand: Command = {
  name: 'storage migrate',
  usage: 'storage migrate --to s3 [--dry-run]',
  summary: "copy this machine's photos to the S3 bucket, verified",
  help: `Usage: ${MIGRATE_USAGE}

Copies every photo under DATA_DIR/uploads/order-photos (the folders products, packaged, pickup
and seller-logos) to the bucket that S3_REGION, S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID,
S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE name (the API's variables; FILE_STORAGE may still
be local while you migrate). Each file becomes the object order-photos/{folder}/{name}, the key
the API uses with FILE_STORAGE=s3, so the URLs the orders and sellers hold keep working.

Each copy is verified: the object is read back and its SHA-256 compared with the file's.
  - An object already there with the same SHA-256 is left as it is ("already there"): run the
    command again after it was stopped or killed, and only what is missing is copied. No state
    file is kept; an object is either whole or absent (one PutObject per file).
  - An object already there with different bytes is a conflict: reported, never overwritten.
  - Unfinished uploads (.part files) are not copied.
Local files are never deleted. When every file is in the bucket, set FILE_STORAGE=s3 on every
machine, restart the API, run "escrow-admin storage check", and keep the disk copy until you
are satisfied (see docs/operations.md, "Moving photos to object storage").

Options:
  --to s3     where to copy to (the only choice)
  --dry-run   compare and report what would be copied, copying nothing

Exit codes: 0 every file is in the bucket, verified (with --dry-run: no conflict found), 1 a
conflict, a file that failed to copy or verify, a missing photo folder, or the bucket cannot be
used, 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { to: { type: 'string' }, 'dry-run': { type: 'boolean' } }, MIGRATE_USAGE, { min: 0, max: 0 });
    if (values.to !== 's3') throw new CliError(`${values.to === undefined ? '--to s3 is required' : `cannot migrate to "${values.to}": only --to s3`}. Usage: ${MIGRATE_USAGE}`, EXIT.usage);
    const dryRun = values['dry-run'] === true;
    const config = bucketSettings(env);
    const uploads = resolve(env['DATA_DIR']?.trim() || './data', 'uploads');
    const folder = join(uploads, 'order-photos');
    const isDir = await stat(folder).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDir) throw new CliError(`no photo folder at ${folder}: is DATA_DIR the API's (and its volume mounted)?`, EXIT.failed);

    // The S3 client loads only once the arguments and settings are known to be right.
    const { FsStoredFileListing } = await import('@escrow/storage-fs');
    const { S3FileStorage, S3PhotoBucket, sha256OfObject } = await import('@escrow/storage-s3');
    const bucket = new S3PhotoBucket(config);
    try {
      try {
        await bucket.check();
      } catch (error) {
        throw new CliError(messageOf(error), EXIT.failed);
      }
      const storage = new S3FileStorage(bucket);
      const report: MigrateReport = { copied: 0, copiedBytes: 0, alreadyThere: 0, wouldCopy: 0, wouldCopyBytes: 0, unfinished: 0, conflicts: [], failed: [] };
      let done = 0;

      const conflictOf = (path: string, local: { sha256: string; size: number }, there: { sha256: string; size: number }) =>
        report.conflicts.push({ path, reason: `the bucket holds ${there.size} bytes, SHA-256 ${there.sha256}; this disk ${local.size} bytes, SHA-256 ${local.sha256}` });

      const migrateOne = async (entry: StoredFileEntry): Promise<void> => {
        const bytes = await readFile(join(folder, entry.path));
        const local = { sha256: sha256(bytes), size: bytes.byteLength };
        const there = await sha256OfObject(bucket, entry.path);
        if (there) {
          if (there.sha256 === local.sha256) report.alreadyThere += 1;
          else conflictOf(entry.path, local, there);
          return;
        }
        if (dryRun) {
          report.wouldCopy += 1;
          report.wouldCopyBytes += local.size;
          return;
        }
        try {
          await storage.put(entry.path, bytes, typeByName(entry.path));
        } catch (error) {
          // Put by someone else since the look (another run, or the API itself): compared below like any object.
          if (!(error instanceof Error && error.name === 'StoredFileExists')) throw error;
        }
        const stored = await sha256OfObject(bucket, entry.path);
        if (!stored) report.failed.push({ path: entry.path, reason: 'not in the bucket after the upload' });
        else if (stored.sha256 === local.sha256) {
          report.copied += 1;
          report.copiedBytes += local.size;
        } else conflictOf(entry.path, local, stored);
      };

      const queue: StoredFileEntry[] = [];
      const work = async (): Promise<void> => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) {
          try {
            await migrateOne(entry);
          } catch (error) {
            report.failed.push({ path: entry.path, reason: messageOf(error) });
          }
          done += 1;
          if (done % PROGRESS_EVERY === 0) io.stderr(`escrow-admin storage migrate: ${done} files compared so far...`);
        }
      };
      for await (const batch of new FsStoredFileListing(uploads).list()) {
        for (const entry of batch) {
          if (entry.url === null) report.unfinished += 1;
          else queue.push(entry);
        }
        await Promise.all(Array.from({ length: PARALLEL }, work));
      }
      return printMigrate(report, { from: folder, to: `bucket ${bucket.name} (order-photos/)`, dryRun, total: done }, io);
    } finally {
      bucket.destroy();
    }
  },
};

function printMigrate(report: MigrateReport, where: { from: string; to: string; dryRun: boolean; total: number }, io: CliIo): number {
  const unfinished = report.unfinished > 0 ? ` (and ${files(report.unfinished)} of unfinished uploads, not copied)` : '';
  io.stdout(`Photos under ${where.from}: ${files(where.total)}${unfinished}, to ${where.to}${where.dryRun ? ' (dry run: nothing copied)' : ''}.`);
  if (where.dryRun) io.stdout(`  would copy:    ${files(report.wouldCopy)}, ${report.wouldCopyBytes} bytes`);
  else io.stdout(`  copied:        ${files(report.copied)}, ${report.copiedBytes} bytes, each read back with the same SHA-256`);
  io.stdout(`  already there: ${files(report.alreadyThere)} (same SHA-256, left as they are)`);
  io.stdout(`  conflicts:     ${files(report.conflicts.length)} (a different object at the same key, not overwritten)`);
  io.stdout(`  failed:        ${files(report.failed.length)}`);
  io.stdout('No local file was deleted.');
  for (const conflict of report.conflicts) io.stderr(`escrow-admin storage migrate: conflict: ${conflict.path}: ${conflict.reason}`);
  for (const failure of report.failed) io.stderr(`escrow-admin storage migrate: failed: ${failure.path}: ${failure.reason}`);
  if (report.conflicts.length > 0 || report.failed.length > 0) {
    io.stderr(
      `escrow-admin storage migrate: ${report.conflicts.length > 0 ? 'compare each conflict by hand (the bucket keeps its object); ' : ''}${report.failed.length > 0 ? 'run the command again to copy the files that failed; ' : ''}do not switch FILE_STORAGE=s3 until it ends with exit 0.`,
    );
    return EXIT.failed;
  }
  if (!where.dryRun) io.stdout('Every photo is in the bucket, verified. Next: FILE_STORAGE=s3 on every machine, restart, then "escrow-admin storage check"; keep the disk copy until satisfied.');
  return EXIT.ok;
}

export const storageCheckCommand: Command = {
  name: 'storage check',
  usage: 'storage check',
  summary: 'list rows whose photo is not stored, and stored photos no row names',
  help: `Usage: ${CHECK_USAGE}

Compares the photos the database names (orders' product, packaged and pickup photos, sellers'
logos) with what the API's photo storage holds: DATA_DIR/uploads/order-photos, or with
FILE_STORAGE=s3 the order-photos/ objects of S3_BUCKET (the API's variables). Lists:
  - each row that names a photo that is not stored (its table, id and column, and the URL):
    the photo is lost, or FILE_STORAGE/DATA_DIR/S3_BUCKET is not the API's;
  - each stored photo no row names: an upload whose change was never saved, or one still being
    saved; "escrow-admin sweep-files" (and the API, daily) removes those older than an hour.
Reads only: nothing is changed. The rows are read before the storage, so a photo uploaded
meanwhile can only show as "no row names it", never as missing.

Exit codes: 0 every row's photo is stored, 1 a row names a photo that is not stored (or the
database or the storage cannot be read), 2 wrong usage.`,

  async run(args, env, io) {
    cliArgs(args, {}, CHECK_USAGE, { min: 0, max: 0 });
    const { openPhotoStorage, withAdminContext } = await import('../admin-context.js');
    const { createKyselyFileReferences } = await import('@escrow/db-kysely');
    const photos = await openPhotoStorage(env);
    try {
      return await withAdminContext(env, async (ctx) => {
        const references = createKyselyFileReferences(ctx.database.db, ctx.database.dialect);
        const named: { table: string; column: string; id: string; url: string }[] = [];
        for await (const batch of references.everyReference()) named.push(...batch);
        const stored = new Map<string, StoredFileEntry>();
        let unfinished = 0;
        for await (const batch of photos.listing.list()) {
          for (const entry of batch) {
            if (entry.url === null) unfinished += 1;
            else stored.set(entry.url, entry);
          }
        }
        const missing = named.filter((row) => !stored.has(row.url));
        const namedUrls = new Set(named.map((row) => row.url));
        const orphans = [...stored.values()].filter((entry) => !namedUrls.has(entry.url!));
        io.stdout(`Photos in ${photos.where}: ${files(stored.size)} stored${unfinished > 0 ? ` (and ${unfinished} unfinished upload${unfinished === 1 ? '' : 's'})` : ''}; ${rows(named.length)} name a photo.`);
        io.stdout(`Rows naming a photo that is not stored: ${missing.length}`);
        for (const row of missing) io.stdout(`  - ${row.table} ${row.id} ${row.column}: ${row.url}`);
        io.stdout(`Stored photos no row names: ${orphans.length}`);
        for (const entry of orphans) io.stdout(`  - ${entry.path} (last changed ${nairobiDateTime(entry.modifiedAt)}, Nairobi time)`);
        if (missing.length === 0) return EXIT.ok;
        const hint =
          stored.size === 0
            ? photos.shared
              ? ' Nothing is stored in the bucket: is S3_BUCKET the API\'s, and were the photos migrated ("escrow-admin storage migrate --to s3")?'
              : " Nothing is stored under the folder: is DATA_DIR the API's, its volume mounted, or are the photos in a bucket (FILE_STORAGE=s3)?"
            : '';
        io.stderr(`escrow-admin storage check: ${rows(missing.length)} name${missing.length === 1 ? 's' : ''} a photo that is not stored.${hint}`);
        return EXIT.failed;
      });
    } finally {
      photos.close();
    }
  },
};
