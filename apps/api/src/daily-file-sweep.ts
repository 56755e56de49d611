import { sweepStoredFilesDaily, type Clock, type FileReferences, type FileSweepReport, type JobLeases, type StoredFileListing } from '@escrow/core';
import type { Logger } from './http/logger.js';

export interface DailyFileSweepOptions {
  /** The first check after start-up (default 5 to 10 minutes, spread so restarted processes do not ask at once). */
  readonly firstCheckAfterMs?: number;
  /** How often each process asks for the day's lease (default hourly). */
  readonly checkEveryMs?: number;
}

/**
 * The daily sweep of stored files nothing names (decision 0039), run inside the API: every
 * process asks now and then for the day's lease in the database; the one that gets it sweeps,
 * so API processes and machines sharing one database (and one uploads folder) sweep once a
 * day between them. One check at a time per process; a failing one is logged and the next
 * check tries again (the lease taken by a sweep that failed half-way holds for the day).
 */
export function startDailyFileSweep(args: {
  readonly files: StoredFileListing;
  readonly references: FileReferences;
  readonly leases: JobLeases;
  readonly clock: Clock;
  readonly holder: string;
  readonly logger: Logger;
  readonly options?: DailyFileSweepOptions;
}): { runOnce(): Promise<FileSweepReport | null>; stop(): Promise<void> } {
  const { logger } = args;
  let running: Promise<FileSweepReport | null> | null = null;
  let stopped = false;
  const runOnce = (): Promise<FileSweepReport | null> => {
    running ??= sweepStoredFilesDaily(args, { holder: args.holder })
      .then((report) => {
        if (report) log(logger, report);
        return report;
      })
      .catch((error: unknown) => {
        logger.warn('file sweep failed; the next check tries again', { error: error instanceof Error ? error.message : String(error) });
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const every = args.options?.checkEveryMs ?? 60 * 60_000;
  const first = args.options?.firstCheckAfterMs ?? 5 * 60_000 + Math.floor(Math.random() * 5 * 60_000);
  let timer: NodeJS.Timeout = setTimeout(function check() {
    void runOnce();
    if (!stopped) {
      timer = setTimeout(check, every);
      timer.unref();
    }
  }, first);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function log(logger: Logger, report: FileSweepReport): void {
  const fields = { examined: report.examined, referenced: report.referenced, recent: report.recent, removed: report.removed.length, unfinished: report.unfinished, skipped: report.skipped };
  if (report.refused) logger.warn('file sweep refused: nothing deleted', { ...fields, reason: report.refused });
  else if (report.failed.length > 0) logger.warn('file sweep: some files could not be deleted', { ...fields, failed: report.failed.slice(0, 20) });
  else logger.info('file sweep done', { ...fields, ...(report.removed.length > 0 ? { removedFiles: report.removed.slice(0, 100) } : {}) });
}
