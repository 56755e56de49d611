import { deliverOutbox, type Clock, type EscrowStore, type Notifier } from '@escrow/core';
import type { Logger } from './http/logger.js';

/** How soon a dispatcher looks again after a pass that sent something. */
const BUSY_POLL_MS = 200;
/** How often, at most, what was sent is logged (and once more at stop). */
const SUMMARY_EVERY_MS = 5_000;

export interface OutboxDispatcher {
  /** Starts a pass now, or, when one is running, another right after it (new messages may have come in); resolves when that is done. */
  runOnce(): Promise<void>;
  /**
   * Sends nothing more, hands back what it claimed and has not sent, and waits for the sends
   * in flight to be written, at most `waitMs` (default 5 s: a shutdown must not wait for a hung
   * server; a send cut off there is due again when its lease ends).
   */
  stop(waitMs?: number): Promise<void>;
}

/**
 * Sends notifications from the outbox after their transaction committed (decision 0038). Every
 * `intervalMs`, when asked (`runOnce`), and 200 ms after a pass that sent something (so under a
 * steady load the backlog stays at what 200 ms bring), a pass sends until nothing is due: `concurrency`
 * sends in flight, the next batch claimed while one goes out, so a backlog drains at the
 * notifier's pace rather than a batch per tick. Each API process runs one; on PostgreSQL they
 * share the work (claims skip each other's rows). A failing pass is logged and the next tick
 * tries again; a message given up on is logged as an error and stays in the outbox. A pass
 * starts at once too: what waited while no process ran goes out without waiting for a tick.
 */
export function startOutboxDispatcher(args: { store: EscrowStore; clock: Clock; notifier: Notifier; logger: Logger; intervalMs: number; concurrency?: number; leaseMs?: number }): OutboxDispatcher {
  const { logger } = args;
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  let busy = false;
  const totals = { delivered: 0, failed: 0, givenUp: 0, released: 0, unrecorded: 0 };
  let summarisedAt = Date.now();
  const summarise = (force: boolean): void => {
    if (!force && Date.now() - summarisedAt < SUMMARY_EVERY_MS) return;
    summarisedAt = Date.now();
    if (Object.values(totals).every((n) => n === 0)) return;
    logger.info('outbox: sent', { ...totals });
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] = 0;
  };

  const pass = async (): Promise<void> => {
    do {
      again = false;
      try {
        const report = await deliverOutbox(args, {
          ...(args.concurrency ? { concurrency: args.concurrency } : {}),
          ...(args.leaseMs ? { leaseMs: args.leaseMs } : {}),
          stopping: () => stopping,
          // Outcomes that arrive within 2 ms share one commit (decision 0038).
          beforeWrite: () => new Promise((resolve) => setTimeout(resolve, 2)),
          onGiveUp: (message, reason) => logger.error('outbox: gave up on a notification; it stays in the outbox (escrow-admin outbox status)', { id: message.id, attempts: message.attempts, reason }),
        });
        busy = report.claimed > 0;
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += report[key];
        summarise(false);
        if (report.failed > 0) logger.warn('outbox: some notifications failed and will be retried', { failed: report.failed });
        if (report.unrecorded > 0) logger.error('outbox: outcomes could not be written; those messages are due again when their lease ends (a delivered one is then sent again, with the same Message-ID)', { unrecorded: report.unrecorded });
      } catch (error) {
        busy = false;
        logger.error('outbox round failed', { error: error instanceof Error ? error.message : String(error) });
        return;
      }
    } while (again && !stopping);
  };

  const runOnce = (): Promise<void> => {
    if (stopping) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(soon);
    running = pass().finally(() => {
      running = null;
      // Under load, look again shortly: messages written meanwhile go out within BUSY_POLL_MS, not at the next tick.
      if (busy && !stopping) {
        soon = setTimeout(() => void runOnce(), BUSY_POLL_MS);
        soon.unref();
      }
    });
    return running;
  };
  const timer = setInterval(() => void runOnce(), args.intervalMs);
  timer.unref();
  // What waited while no process ran (a restart, a crash) goes out now, not at the first tick.
  void runOnce();
  return {
    runOnce,
    async stop(waitMs = 5_000) {
      stopping = true;
      clearInterval(timer);
      clearTimeout(soon);
      if (running) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise<void>((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
        clearTimeout(timeout);
      }
      summarise(true);
    },
  };
}
