import { deliverOutbox, type Clock, type EscrowStore, type Notifier } from '@escrow/core';
import type { Logger } from './http/logger.js';

/** How soon a dispatcher looks again after a pass that sent something. */
const BUSY_POLL_MS = 200;
/**
 * A message claimed by a process that then died (kill -9) must be sent by another within
 * OUTBOX_TAKEOVER_TARGET_MS (issue 22). It is due again when its lease (OUTBOX_LEASE_MS, 20 s)
 * ends, and a live dispatcher finds it at its next poll, at most OUTBOX_POLL_MS (5 s) later: 25 s,
 * leaving 5 s for that pass to claim and send it on a loaded machine. New messages do not wait
 * for the poll: their commit wakes every dispatcher (decision 0074). The poll is the safety net
 * for what no wake announces: leases ending, retries coming due (30 s backoff and up, so 5 s
 * later is nothing), wakes missed while a LISTEN connection was down. Each poll is one claim
 * query per process, so 5 s rather than 2 s costs nothing in latency and saves idle queries.
 */
export const OUTBOX_TAKEOVER_TARGET_MS = 30_000;
/** The interval poll (see OUTBOX_TAKEOVER_TARGET_MS): OUTBOX_LEASE_MS + OUTBOX_POLL_MS must stay well under it. */
export const OUTBOX_POLL_MS = 5_000;
/** The messages queued before they are wakes (decision 0074); called with the pass starter, answers how to stop listening. */
export type OutboxWakeSource = (wake: () => void) => () => void;
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
 * Sends notifications from the outbox after their transaction committed (decision 0038). When
 * woken (`wakes`: the commit that queued a message, decision 0074), every `intervalMs`, when
 * asked (`runOnce`), and 200 ms after a pass that sent something (so under a
 * steady load the backlog stays at what 200 ms bring), a pass sends until nothing is due: `concurrency`
 * sends in flight, the next batch claimed while one goes out, so a backlog drains at the
 * notifier's pace rather than a batch per tick. Each API process runs one; on PostgreSQL they
 * share the work (claims skip each other's rows). A failing pass is logged and the next tick
 * tries again; a message given up on is logged as an error and stays in the outbox. A pass
 * starts at once too: what waited while no process ran goes out without waiting for a tick.
 */
export function startOutboxDispatcher(args: {
  store: EscrowStore;
  clock: Clock;
  notifier: Notifier;
  logger: Logger;
  /** The interval poll; default OUTBOX_POLL_MS. */
  intervalMs?: number;
  concurrency?: number;
  leaseMs?: number;
  /** Wakes the dispatcher when messages are queued (a NOTIFY heard, a local commit): a pass starts at once (coalesced by `runOnce`). */
  wakes?: OutboxWakeSource;
}): OutboxDispatcher {
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
          onLeaseLost: (message) => logger.warn('outbox: a send outlasted its lease and another process claimed the message; it may go out twice, with the same Message-ID', { id: message.id, attempts: message.attempts }),
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
  const intervalMs = args.intervalMs ?? OUTBOX_POLL_MS;
  // An operator's OUTBOX_LEASE_SECONDS may trade the takeover time for slow sends; say so. (Tests poll slowly on purpose.)
  if (args.leaseMs !== undefined && args.leaseMs + OUTBOX_POLL_MS > OUTBOX_TAKEOVER_TARGET_MS) {
    logger.warn("outbox: with this OUTBOX_LEASE_SECONDS a dead process's messages wait more than 30 s for another", { leaseMs: args.leaseMs, pollMs: OUTBOX_POLL_MS });
  }
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  const stopWaking = args.wakes?.(() => void runOnce());
  // What waited while no process ran (a restart, a crash) goes out now, not at the first tick.
  void runOnce();
  return {
    runOnce,
    async stop(waitMs = 5_000) {
      stopping = true;
      stopWaking?.();
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

/**
 * This process's wake relay (decision 0074): `wake` is fed by the commits that queue messages
 * (SQLite, one machine: the store's after-commit hook) or by the outbox channel's NOTIFY heard on
 * the LISTEN connection (PostgreSQL: every process hears every commit, and a re-established
 * connection wakes too); `source` is the dispatcher's `wakes`.
 */
export function outboxWakeRelay(): { wake: () => void; source: OutboxWakeSource } {
  const listeners = new Set<() => void>();
  return {
    wake: () => {
      for (const listener of [...listeners]) listener();
    },
    source: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
