import { Agent } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresForTests } from '@escrow/test-kit/postgres';

// A real API process (the sources, through tsx) under keep-alive load with live streams open,
// then SIGTERM: what every client sees, and how the process ends (issue 14, decision 0037).
// The load and the bookkeeping are the shutdown campaign's (scripts/faults/shutdown.mjs), run
// here for one round per database.

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Reply {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly error: string | null;
  readonly complete: boolean;
  readonly reusedSocket: boolean;
}
interface StreamEnding {
  readonly path: string;
  readonly retryMs: number | null;
  readonly closingEvent: boolean;
  readonly cleanEnd: boolean;
  readonly error: string | null;
}
interface RoundResult {
  readonly exitCode: number | null;
  readonly exitSignal: string | null;
  readonly exitMs: number;
  readonly requests: number;
  readonly hung: number;
  readonly inFlight: number;
  readonly resets: readonly Reply[];
  readonly serverErrors: number;
  readonly clientErrors: number;
  readonly keptAlive: number;
  readonly afterSignal: { readonly sent: number; readonly answered: number; readonly refused: number; readonly resets: readonly Reply[] };
  readonly streams: readonly StreamEnding[];
  readonly output: string;
}
interface Api {
  readonly base: string;
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  signal(name: NodeJS.Signals, target?: 'process' | 'group'): void;
  output(): string;
  kill(): Promise<unknown>;
}
interface Prepared {
  readonly env: Record<string, string>;
  readonly workers: number;
  dispose(): Promise<void>;
}
interface Campaign {
  readonly EXIT_LIMIT_MS: number;
  prepareDatabase(database: 'sqlite' | 'postgres', options?: { workers?: number }): Promise<Prepared>;
  /** `source`: the API's TypeScript through tsx, as the tests run it. */
  startApi(prepared: Prepared, options: { source: boolean; processGroup: boolean }): Promise<Api>;
  send(agent: Agent | null, base: string, options: { path: string }): Promise<Reply>;
  seed(base: string): Promise<unknown>;
  shutdownRound(options: { api: Api; world: unknown; loadMs: number; signalTarget: 'process' | 'group' }): Promise<RoundResult>;
}

const campaign = (await import(pathToFileURL(join(root, 'scripts/faults/shutdown.mjs')).href)) as Campaign;
const postgres = await postgresForTests('graceful shutdown of a real API process');

let running: { api?: Api; prepared: Prepared } | undefined;
afterEach(async () => {
  await running?.api?.kill();
  await running?.prepared.dispose();
  running = undefined;
});

async function sigtermUnderLoad(database: 'sqlite' | 'postgres', signalTarget: 'process' | 'group'): Promise<RoundResult> {
  const prepared = await campaign.prepareDatabase(database, { workers: database === 'postgres' ? 2 : 1 });
  running = { prepared };
  const api = await campaign.startApi(prepared, { source: true, processGroup: true });
  running.api = api;
  const world = await campaign.seed(api.base);
  return campaign.shutdownRound({ api, world, loadMs: 1_500, signalTarget });
}

function expectGraceful(result: RoundResult): void {
  const context = `exit ${result.exitCode ?? result.exitSignal} after ${result.exitMs} ms\n${result.output.split('\n').slice(-15).join('\n')}`;
  expect(result.exitCode, context).toBe(0);
  expect(result.exitMs, context).toBeLessThan(campaign.EXIT_LIMIT_MS);
  // The load ran, and was in flight when the signal came.
  expect(result.requests).toBeGreaterThan(20);
  expect(result.inFlight).toBeGreaterThan(0);
  // Every request written before the signal was answered in full; nothing hung.
  expect(result.resets.map((r) => `${r.method} ${r.path}: ${r.error}`)).toEqual([]);
  expect(result.hung).toBe(0);
  expect(result.serverErrors).toBe(0);
  expect(result.clientErrors).toBe(0);
  // Answers given once the server had the signal said the connection ends.
  expect(result.keptAlive).toBe(0);
  // Every live stream got the retry hint and the reconnect event, then a clean end (not a reset).
  expect(result.streams.length).toBe(5);
  for (const stream of result.streams) {
    expect(stream, stream.path).toMatchObject({ closingEvent: true, cleanEnd: true, error: null });
    expect(stream.retryMs).toBeGreaterThanOrEqual(1_000);
    expect(stream.retryMs).toBeLessThanOrEqual(3_000);
  }
}

describe('SIGTERM to a real API process under keep-alive load with live streams open', () => {
  it('SQLite, one process: exit 0 within 10 s, every request sent before the signal answered, streams told to reconnect', { timeout: 120_000 }, async () => {
    const result = await sigtermUnderLoad('sqlite', 'process');
    expectGraceful(result);
    // One process: once it stops accepting, a new connection is refused (never accepted and then reset).
    expect(result.afterSignal.resets.filter((r) => !r.reusedSocket)).toEqual([]);
  });

  it.runIf(postgres.available)(
    'PostgreSQL, API_WORKERS=2, the signal sent to every process of the group (as systemd does): the workers stop, then the primary, exit 0',
    { timeout: 120_000 },
    async () => {
      expectGraceful(await sigtermUnderLoad('postgres', 'group'));
    },
  );

  it('a second SIGTERM while it drains (an impatient operator, a supervisor and the primary both) does not kill it', { timeout: 120_000 }, async () => {
    const prepared = await campaign.prepareDatabase('sqlite');
    running = { prepared };
    const api = await campaign.startApi(prepared, { source: true, processGroup: false });
    running.api = api;
    // A kept-alive connection with nothing in flight holds the drain open for its whole window.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await campaign.send(agent, api.base, { path: '/api/health' })).status).toBe(200);
    api.signal('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    api.signal('SIGTERM');
    const exit = await api.exited;
    agent.destroy();
    expect(exit, api.output()).toMatchObject({ code: 0, signal: null });
    expect(api.output()).toContain('Already shutting down');
  });
});
