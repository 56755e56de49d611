import { deliverOutbox, type Clock, type EscrowStore, type Notifier } from '@escrow/core';
import type { Logger } from './http/logger.js';

/**
 * Sends notifications from the outbox after their transaction committed, every `intervalMs`.
 * One round at a time; a failing round is logged and retried on the next tick.
 */
export function startOutboxDispatcher(args: { store: EscrowStore; clock: Clock; notifier: Notifier; logger: Logger; intervalMs: number }): { stop(): Promise<void>; runOnce(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    // After stop() nothing new starts: the database is about to close.
    if (stopped) return running ?? Promise.resolve();
    running ??= deliverOutbox(args)
      .then(({ failed }) => {
        if (failed > 0) args.logger.warn('outbox: some notifications failed and will be retried', { failed });
      })
      .catch((error: unknown) => args.logger.error('outbox round failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), args.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
