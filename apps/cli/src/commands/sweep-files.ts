import { FILE_SWEEP_MIN_AGE_MS, nairobiDateTime, sweepStoredFiles, type FileSweepReport } from '@escrow/core';
import { cliArgs } from '../cli-args.js';
import { EXIT, type CliIo, type Command } from '../command.js';

const USAGE = 'escrow-admin sweep-files [--dry-run]';
const HOURS = FILE_SWEEP_MIN_AGE_MS / 3_600_000;
const AGE = HOURS === 1 ? 'an hour' : `${HOURS} hours`;

const files = (n: number): string => `${n} file${n === 1 ? '' : 's'}`;

function print(report: FileSweepReport, folder: string, io: CliIo): number {
  const kept = `${report.referenced} named by an order or a seller, ${report.recent} younger than ${AGE}`;
  io.stdout(`Stored files under ${folder}: ${report.examined} examined (${kept}).`);
  if (report.refused) {
    io.stderr(`escrow-admin sweep-files: ${report.refused}`);
    return EXIT.failed;
  }
  const before = `last changed before ${nairobiDateTime(report.cutoff)} (Nairobi time)`;
  const unfinished = report.unfinished > 0 ? `, ${report.unfinished} of them unfinished upload${report.unfinished === 1 ? '' : 's'}` : '';
  const verb = report.dryRun ? 'Would remove' : 'Removed';
  io.stdout(`${verb} ${files(report.removed.length)} that nothing names, ${before}${unfinished}${report.dryRun ? ' (dry run: nothing deleted)' : ''}.`);
  for (const path of report.removed) io.stdout(`  - ${path}`);
  if (report.skipped > 0) io.stdout(`Left ${files(report.skipped)} changed or removed while the sweep ran.`);
  if (report.failed.length === 0) return EXIT.ok;
  io.stderr(`escrow-admin sweep-files: could not remove ${files(report.failed.length)}:`);
  for (const failure of report.failed) io.stderr(`  - ${failure.path}: ${failure.reason}`);
  return EXIT.failed;
}

export const sweepFilesCommand: Command = {
  name: 'sweep-files',
  usage: 'sweep-files [--dry-run]',
  summary: `delete stored photos nothing names, older than ${AGE}`,
  help: `Usage: ${USAGE}

Deletes stored files that nothing names any more, under DATA_DIR/uploads/order-photos, or with
FILE_STORAGE=s3 under order-photos/ in the S3_BUCKET (the API's photo folders: products,
packaged, pickup, seller-logos; the same variables as the API's):
  - photos that no order (product, packaged or pickup photo) and no seller (logo) names, left
    by a crash between storing a photo and saving its change, or by a removal that failed;
  - uploads that never finished (.part files).
Only files last changed more than ${AGE} ago: a newer one may belong to a change still being
saved. Only regular files directly in those folders: never a directory, a link or anything
outside them. The API runs the same sweep by itself once a day (whichever of its processes
takes the day's lease in the database); run it by hand to see what it would do, or after
restoring a backup.
If the database names stored files but none of them is in the folder, nothing is deleted
(DATA_DIR is probably not the API's, or its volume is not mounted; or S3_BUCKET is not its bucket): exit 1.

Options:
  --dry-run   list what would be deleted, deleting nothing

Exit codes: 0 done (also when nothing was found), 1 failed (the database or the bucket cannot be
reached, a file could not be deleted, or the folder looks wrong), 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { 'dry-run': { type: 'boolean' } }, USAGE, { min: 0, max: 0 });
    const dryRun = values['dry-run'] === true;
    // The database drivers (and the S3 client) load only once the arguments are known to be right (help stays quick).
    const { openPhotoStorage, withAdminContext } = await import('../admin-context.js');
    const { createKyselyFileReferences } = await import('@escrow/db-kysely');
    const photos = await openPhotoStorage(env);
    try {
      return await withAdminContext(env, async (ctx) => {
        const deps = { files: photos.listing, references: createKyselyFileReferences(ctx.database.db, ctx.database.dialect), clock: ctx.clock };
        return print(await sweepStoredFiles(deps, { dryRun }), photos.where, io);
      });
    } finally {
      photos.close();
    }
  },
};
