import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../../..', import.meta.url));

export interface ApiProcess {
  readonly pid: number;
  /** Resolves once it listens; rejects if it exits first. */
  readonly ready: Promise<void>;
  /** The JSON log lines it printed so far (stdout and stderr). */
  logs(): Record<string, unknown>[];
  /** Notifications it reports sent ('outbox: sent' lines, at most every 5 s and at stop). */
  delivered(): number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the API (below) and resolves once it listens. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const started = spawnApiProcess(env);
  await started.ready;
  return started;
}

/**
 * The real API (TypeScript sources through tsx) as its own process, as deployed: only PATH and
 * the given variables in its environment, on a port of its own. Its outbox dispatcher may be
 * sending before it listens (the start-up pass).
 */
export function spawnApiProcess(env: Record<string, string>): ApiProcess {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=@escrow/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', FRONTEND_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let text = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let listening = false;
  const ready = new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      text += `${line}\n`;
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (!listening && parsed['message'] === 'HTTP server listening') {
          listening = true;
          resolve();
        }
      } catch {
        // not a log line (a stack trace): kept in `text`
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) onLine(line);
      });
    }
    void exited.then(({ code, signal }) => {
      if (!listening) reject(new Error(`the API exited before listening (code ${code}, signal ${signal}):\n${text}`));
    });
  });
  // Whoever does not wait for `ready` (a process killed at start) must not see an unhandled rejection.
  ready.catch(() => undefined);
  return {
    pid: child.pid ?? 0,
    ready,
    logs: () => lines,
    delivered: () => lines.filter((l) => l['message'] === 'outbox: sent').reduce((n, l) => n + Number(l['delivered'] ?? 0), 0),
    exited,
    kill: (signal) => void child.kill(signal),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
