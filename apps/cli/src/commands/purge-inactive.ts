import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { INACTIVE_AFTER_MONTHS, LEASED_JOBS, nairobiDateTime, PHOTO_FOLDERS, purgeInactiveAccounts, runLeased, type FileStorage } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';
import type { AdminContext } from '../admin-context.js';

const USAGE = 'escrow-admin purge-inactive [--dry-run]';
/** The longest a purge may hold its lease: a machine that dies mid-purge blocks the next run this long at most. */
const PURGE_LEASE_MS = 30 * 60_000;

const REASONS = {
  admin: 'an admin account (the super admin manages those)',
  open_orders: 'has orders still open (money held or a settlement owed)',
  signed_in: 'signed in while the purge ran',
  gone: 'already anonymised',
} as const;

/**
 * Deletes stored photos the purge unlinked from the bucket (FILE_STORAGE=s3): each
 * `/uploads/order-photos/{folder}/{name}` is the object `order-photos/{folder}/{name}`, whatever
 * machine runs this. A URL that names no photo path is left alone (counted as not found); an
 * object already gone is removed all the same (S3 deletes succeed). One the bucket failed to
 * delete is reported: nothing names it any more, so the daily sweep removes it after an hour.
 */
async function removeFromBucket(files: FileStorage, urls: readonly string[]): Promise<{ removed: number; missing: number; failed: string[] }> {
  let removed = 0;
  let missing = 0;
  const failed: string[] = [];
  for (const url of urls) {
    const path = url.startsWith(PHOTO_URL_PREFIX) ? decodeURIComponent(url.slice(PHOTO_URL_PREFIX.length)) : null;
    const [folder, name, ...rest] = path?.split('/') ?? [];
    if (!path || !folder || !(PHOTO_FOLDERS as readonly string[]).includes(folder) || !name || rest.length > 0) {
      missing += 1;
      continue;
    }
    try {
      await files.remove(path);
      removed += 1;
    } catch (error) {
      if (error instanceof Error && /^refused storage path/.test(error.message)) missing += 1;
      else failed.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { removed, missing, failed };
}

const PHOTO_URL_PREFIX = '/uploads/order-photos/';

/**
 * Deletes stored photos the purge unlinked: `/uploads/order-photos/{folder}/{name}` under
 * DATA_DIR/uploads, as the API stores them. Anything resolving outside that folder is left
 * alone; a file already gone (another machine's disk, a second run) is not an error.
 */
async function removeStoredFiles(env: NodeJS.ProcessEnv, urls: readonly string[]): Promise<{ removed: number; missing: number }> {
  const root = resolve(env['DATA_DIR']?.trim() || './data', 'uploads');
  let removed = 0;
  let missing = 0;
  for (const url of urls) {
    if (!url.startsWith('/uploads/')) {
      missing += 1;
      continue;
    }
    const path = resolve(join(root, decodeURIComponent(url.slice('/uploads/'.length))));
    if (!path.startsWith(root + sep)) {
      missing += 1;
      continue;
    }
    try {
      await rm(path);
      removed += 1;
    } catch {
      missing += 1;
    }
  }
  return { removed, missing };
}

export const purgeInactiveCommand: Command = {
  name: 'purge-inactive',
  usage: 'purge-inactive [--dry-run]',
  summary: `anonymise accounts with no sign-in for ${INACTIVE_AFTER_MONTHS} months`,
  help: `Usage: ${USAGE}

The inactive-account job (terms: accounts with no sign-in for ${INACTIVE_AFTER_MONTHS} months are deleted). Run it
daily from cron. For each account whose last sign-in (or creation, if it never signed in) is
more than ${INACTIVE_AFTER_MONTHS} months ago, in one transaction per account:
  - the e-mail address, password, sessions, reset codes and buyer profile are removed;
  - the seller record keeps its id but loses its name, contact and payment details, logo
    and riders;
  - its orders are kept with their money, status and tracking number (the ledger points at
    them) but lose the buyers' and riders' names, phones, addresses and photos;
  - an audit row records the purge (without personal data).
The ledger is never changed. Kept: admin accounts, and sellers with orders still open.
One purge runs at a time across every machine on the database: a run that finds another
running says so and changes nothing (exit 0), so the cron may run on every machine.

Options:
  --dry-run   report who would be anonymised and who kept, changing nothing

Exit codes: 0 done (also when nobody was inactive), 1 failed, 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { 'dry-run': { type: 'boolean' } }, USAGE, { min: 0, max: 0 });
    const dryRun = values['dry-run'] === true;
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { openPhotoStorage, withAdminContext } = await import('../admin-context.js');
    // The bucket (FILE_STORAGE=s3) is checked before anything is purged: its photos are deleted after.
    const photos = await openPhotoStorage(env);
    const purge = async (ctx: AdminContext): Promise<number> => {
      const result = await purgeInactiveAccounts({ accounts: ctx.inactiveAccounts, clock: ctx.clock, random: ctx.random }, { actor: cliActor(env), dryRun });
      if (!result.ok) throw new CliError(result.error.code, EXIT.failed);
      const report = result.value;
      const since = `no sign-in since ${nairobiDateTime(report.cutoff)} (Nairobi time)`;
      const verb = dryRun ? 'Would anonymise' : 'Anonymised';
      io.stdout(`${verb} ${report.anonymised.length} account${report.anonymised.length === 1 ? '' : 's'} with ${since}${dryRun ? ' (dry run: nothing changed)' : ''}.`);
      for (const a of report.anonymised) io.stdout(`  - ${a.email}${a.businessName ? ` (seller "${a.businessName}", ${a.orders} order${a.orders === 1 ? '' : 's'} kept anonymised)` : ''}`);
      if (report.kept.length > 0) {
        io.stdout(`Kept ${report.kept.length}:`);
        for (const k of report.kept) io.stdout(`  - ${k.email}: ${REASONS[k.reason]}${k.reason === 'open_orders' ? ` (${k.openOrders})` : ''}`);
      }
      if (!dryRun && report.files.length > 0 && photos.shared) {
        const files = await removeFromBucket(photos.files, report.files);
        io.stdout(`Removed ${files.removed} stored photo${files.removed === 1 ? '' : 's'} from the ${photos.where}${files.missing > 0 ? ` (${files.missing} not a stored photo's address)` : ''}.`);
        if (files.failed.length > 0) {
          io.stderr(`escrow-admin purge-inactive: could not remove ${files.failed.length} photo${files.failed.length === 1 ? '' : 's'} from the bucket (nothing names them now: the daily file sweep removes them, or run escrow-admin sweep-files in an hour):`);
          for (const failure of files.failed) io.stderr(`  - ${failure}`);
          return EXIT.failed;
        }
      } else if (!dryRun && report.files.length > 0) {
        const files = await removeStoredFiles(env, report.files);
        io.stdout(`Removed ${files.removed} stored photo${files.removed === 1 ? '' : 's'}${files.missing > 0 ? ` (${files.missing} not found on this machine)` : ''}.`);
      }
      return EXIT.ok;
    };
    try {
      return await withAdminContext(env, async (ctx) => {
        if (dryRun) return purge(ctx);
        // A cron on every machine: one purge at a time (its lease), the others say so and stop.
        const run = await runLeased({ leases: ctx.jobLeases, clock: ctx.clock }, { name: LEASED_JOBS.purgeInactive, holder: `escrow-admin:${hostname()}:${process.pid}`, maxMs: PURGE_LEASE_MS }, () => purge(ctx));
        if (run.ran) return run.value;
        io.stdout('Another purge-inactive is running (on this machine or another on the same database): nothing done. Run it again when that one has finished.');
        return EXIT.ok;
      });
    } finally {
      photos.close();
    }
  },
};
