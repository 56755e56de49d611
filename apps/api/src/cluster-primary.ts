import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './http/logger.js';

/**
 * A worker forces its own exit after 8 s (serve.ts); the primary kills what is left a second
 * later, so the whole group is gone within the 10 s a supervisor allows.
 */
export const DEFAULT_PRIMARY_SHUTDOWN_TIMEOUT_MS = 9_000;

export interface PrimaryOptions {
  /** How many API processes to run; each is this same program, started by node:cluster. */
  readonly workers: number;
  readonly logger: Logger;
  /** Signals that stop every worker gracefully; tests pass none and call `shutdown()`. */
  readonly signals?: readonly NodeJS.Signals[];
  readonly exit?: (code: number) => void;
  /** How long workers may take to finish their in-flight requests before they are killed. */
  readonly shutdownTimeoutMs?: number;
  /** A worker that dies after it started is replaced, at most this many times per `restartWindowMs`. */
  readonly maxRestarts?: number;
  readonly restartWindowMs?: number;
}

export interface RunningPrimary {
  /** Stops every worker gracefully (SIGTERM: each finishes its in-flight requests); resolves the exit code. */
  shutdown(): Promise<number>;
}

/** The signal that asks an API process to run its background jobs now (Composed.runJobsNow). */
export const RUN_JOBS_SIGNAL: NodeJS.Signals = 'SIGUSR2';

/**
 * The primary process of `API_WORKERS` > 1 (decision 0022). It serves nothing itself: it forks
 * the workers, which share the listening port (node:cluster hands each new connection to the
 * next worker), replaces a worker that dies after it started, and on SIGTERM/SIGINT lets
 * every worker shut down gracefully and exits 0 when all of them did.
 *
 * A worker that exits before it ever listened (bad configuration, database unreachable) stops
 * them all with exit code 1: a restart would fail the same way. So does a worker that keeps
 * dying: the process supervisor should see it.
 */
export function runPrimary(options: PrimaryOptions): RunningPrimary {
  const { logger, workers: count, signals = ['SIGTERM', 'SIGINT'], shutdownTimeoutMs = DEFAULT_PRIMARY_SHUTDOWN_TIMEOUT_MS, maxRestarts = 5, restartWindowMs = 60_000 } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping: Promise<number> | undefined;
  let failed = false;
  let settle: (code: number) => void = () => {};
  const settled = new Promise<number>((resolve) => (settle = resolve));

  const live = (): Worker[] => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());

  const fork = (): void => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
  };

  const stopAll = (code: number): Promise<number> => {
    if (code !== 0) failed = true;
    stopping ??= (async () => {
      const force = setTimeout(() => {
        logger.error('Workers did not stop in time; killing them', { timeoutMs: shutdownTimeoutMs });
        failed = true;
        for (const worker of live()) worker.process.kill('SIGKILL');
      }, shutdownTimeoutMs);
      force.unref();
      for (const worker of live()) worker.process.kill('SIGTERM');
      if (live().length === 0) settle(failed ? 1 : 0);
      const result = await settled;
      clearTimeout(force);
      return result;
    })();
    return stopping;
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null): void => {
    if (stopping) {
      // A worker still starting when the stop came may die by that SIGTERM before its own
      // handler is installed: it served nothing, so that is a clean stop too.
      const clean = code === 0 || (signal === 'SIGTERM' && !listening.has(worker));
      if (!clean) {
        failed = true;
        logger.error('An API worker did not stop cleanly', { pid: worker.process.pid, code, signal });
      }
      if (live().length === 0) settle(failed ? 1 : 0);
      return;
    }
    if (!listening.has(worker)) {
      logger.error('An API worker exited during start-up; stopping', { pid: worker.process.pid, code, signal });
      void stopAll(1).then(exit);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - restartWindowMs) restarts.shift();
    if (restarts.length > maxRestarts) {
      logger.error('API workers keep dying; stopping', { restarts: restarts.length, windowMs: restartWindowMs });
      void stopAll(1).then(exit);
      return;
    }
    logger.error('An API worker died; starting another', { pid: worker.process.pid, code, signal });
    fork();
  };
  cluster.on('exit', onExit);

  for (let i = 0; i < count; i += 1) fork();
  logger.info('API workers starting', { workers: count });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A supervisor signalling the whole process group reaches the workers directly too.
      logger.info('Already shutting down', { signal });
      return;
    }
    logger.info('Shutting down the API workers', { signal });
    void stopAll(0).then((code) => {
      logger.info('Shutdown complete', { code });
      exit(code);
    });
  };
  for (const signal of signals) process.on(signal, onSignal);
  // "Run the background jobs now" (main.ts) is the workers' to do: passed on to each.
  const onRunJobs = () => {
    for (const worker of live()) worker.process.kill(RUN_JOBS_SIGNAL);
  };
  process.on(RUN_JOBS_SIGNAL, onRunJobs);
  void settled.then(() => {
    cluster.off('exit', onExit);
    for (const signal of signals) process.off(signal, onSignal);
    process.off(RUN_JOBS_SIGNAL, onRunJobs);
  });

  return { shutdown: () => stopAll(0) };
}
