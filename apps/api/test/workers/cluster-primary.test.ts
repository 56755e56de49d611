import cluster from 'node:cluster';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '@escrow/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { RUN_JOBS_SIGNAL, runPrimary, type RunningPrimary } from '../../src/cluster-primary.js';
import { recordingLogger } from '../helpers/recording-logger.js';

// The workers are a small stand-in (cluster-worker-fixture.mjs), so these tests exercise the
// primary: forking, the shared port, replacing dead workers, start-up failures, shutdown.
const FIXTURE = fileURLToPath(new URL('./cluster-worker-fixture.mjs', import.meta.url));

/** The pid of the worker that answered, on a new connection each time (a connection handed to a dying worker times out). */
const get = (port: number, path = '/') =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 2_000 }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(Number(body)));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end();
  });

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead()).length;

let running: RunningPrimary | undefined;
afterEach(async () => {
  await running?.shutdown();
  running = undefined;
});

function start(port: number, options: { mode?: string; workers?: number; maxRestarts?: number } = {}) {
  cluster.setupPrimary({ exec: FIXTURE, args: [String(port), options.mode ?? 'serve'], execArgv: [], silent: true });
  const exits: number[] = [];
  const logger = recordingLogger();
  running = runPrimary({ workers: options.workers ?? 2, logger, signals: [], exit: (code) => exits.push(code), maxRestarts: options.maxRestarts ?? 5 });
  return { exits, logger, primary: running };
}

describe('runPrimary (API_WORKERS > 1)', () => {
  it('runs the workers on one port, each taking connections, and stops them all gracefully', async () => {
    const port = await freePort();
    const { primary, exits } = start(port);
    await until(() => get(port), 'the workers to listen');
    const pids = new Set<number>();
    await until(async () => {
      pids.add(await get(port));
      return pids.size === 2 ? true : undefined;
    }, 'both workers to answer');
    expect(liveWorkers()).toBe(2);

    expect(await primary.shutdown()).toBe(0);
    expect(liveWorkers()).toBe(0);
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
    expect(exits).toEqual([]);
  });

  it('passes "run the background jobs now" (SIGUSR2) on to every worker', async () => {
    const port = await freePort();
    start(port);
    const asked = new Map<number, number>();
    const ask = async () => {
      const reply = await new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/jobs', agent: false, timeout: 2_000 }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
      const [pid, count] = reply.split(':').map(Number);
      asked.set(pid ?? 0, count ?? 0);
    };
    await until(async () => {
      await ask();
      return asked.size === 2 ? true : undefined;
    }, 'both workers to answer');
    expect([...asked.values()]).toEqual([0, 0]);

    // The primary's own process (here, the test's) is the one signalled.
    process.kill(process.pid, RUN_JOBS_SIGNAL);
    await until(async () => {
      await ask();
      return [...asked.values()].every((n) => n === 1) ? true : undefined;
    }, 'each worker to be asked once');
  });

  it('replaces a worker that dies after it started', async () => {
    const port = await freePort();
    const { logger } = start(port);
    await until(async () => (liveWorkers() === 2 && (await get(port)) > 0 ? true : undefined), 'the workers to listen');
    const crashed = await get(port, '/crash');
    await until(async () => {
      const pids = Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid);
      return liveWorkers() === 2 && !pids.includes(crashed) ? true : undefined;
    }, 'a replacement worker');
    expect(logger.entries.some((line) => line.message === 'An API worker died; starting another')).toBe(true);
    const answered = await until(async () => {
      const pid = await get(port);
      return pid !== crashed ? pid : undefined;
    }, 'an answer from a live worker');
    expect(answered).not.toBe(crashed);
  });

  it('stops with exit code 1 when a worker fails at start-up', async () => {
    const port = await freePort();
    const { exits, logger } = start(port, { mode: 'fail-start' });
    await until(async () => (exits.length > 0 ? true : undefined), 'the primary to give up');
    expect(exits).toEqual([1]);
    expect(liveWorkers()).toBe(0);
    expect(logger.entries.some((line) => line.message === 'An API worker exited during start-up; stopping')).toBe(true);
  });

  it('stops with exit code 1 when workers keep dying', async () => {
    const port = await freePort();
    const { exits } = start(port, { workers: 1, maxRestarts: 1 });
    const first = await until(() => get(port, '/crash'), 'the first crash');
    await until(async () => ((await get(port, '/crash')) !== first ? true : undefined), 'the replacement to crash too');
    await until(async () => (exits.length > 0 ? true : undefined), 'the primary to give up');
    expect(exits).toEqual([1]);
  });

  it('exits 0 when a worker still starting up is stopped by the SIGTERM itself (it served nothing)', async () => {
    const port = await freePort();
    const { primary } = start(port, { mode: 'slow-start' });
    await until(async () => (liveWorkers() === 2 ? true : undefined), 'the workers to be forked');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await primary.shutdown()).toBe(0);
    expect(liveWorkers()).toBe(0);
  });
});
