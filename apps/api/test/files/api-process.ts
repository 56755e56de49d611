import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inPrivateTmpfs } from '@escrow/test-kit/private-tmpfs';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ApiProcess {
  readonly pid: number;
  readonly port: number;
  /** Everything the process printed so far. */
  output(): string;
  exitCode(): number | null;
  stop(): Promise<void>;
}

/**
 * The API as deployed, in a process of its own (the TypeScript sources through tsx) on
 * `env.DATA_DIR`, port chosen by the system. `tmpfsUploadsBytes`: it runs in a mount namespace
 * of its own (unshare) with a tmpfs of that size on DATA_DIR/uploads, a real disk that fills
 * up; the test sees its files at /proc/{pid}/root{path}.
 */
export async function startApiProcess(env: Record<string, string>, options: { tmpfsUploadsBytes?: number } = {}): Promise<ApiProcess> {
  const node = [process.execPath, '--conditions=@escrow/source', '--import', 'tsx', 'apps/api/src/main.ts'];
  const fullEnv = { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', FRONTEND_DIST: '/nonexistent', NODE_ENV: 'test', ...env };
  const spawned = options.tmpfsUploadsBytes ? inPrivateTmpfs(join(resolve(REPO_ROOT, env['DATA_DIR'] ?? '.'), 'uploads'), options.tmpfsUploadsBytes, node) : { file: process.execPath, args: node.slice(1) };
  const child: ChildProcess = spawn(spawned.file, spawned.args, { cwd: REPO_ROOT, env: fullEnv });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 60_000);
    const look = () => {
      const match = /"message":"HTTP server listening"[^\n]*"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    pid: child.pid ?? 0,
    port,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export interface Sent {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** The body, sent in 64 KB pieces. */
  readonly body?: Buffer;
  /** No Content-Length: the body goes chunked. */
  readonly chunked?: boolean;
  /** Stop after this many bytes of the body and drop the connection (a client that goes away). */
  readonly disconnectAfter?: number;
}

/** One request over a fresh TCP connection; resolves with the status and text, or `dropped`. */
export function send(port: number, sent: Sent): Promise<{ status: number; text: string } | 'dropped'> {
  return new Promise((resolve, reject) => {
    const body = sent.body ?? Buffer.alloc(0);
    const headers: Record<string, string> = { ...sent.headers };
    if (!sent.chunked) headers['content-length'] = String(body.length);
    const req = request({ host: '127.0.0.1', port, path: sent.path, method: sent.method ?? 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve('dropped'));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before the whole body went; a dropped upload is ours.
      if (sent.disconnectAfter !== undefined || error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve('dropped');
      else reject(error);
    });
    const end = sent.disconnectAfter ?? body.length;
    const write = async () => {
      for (let at = 0; at < end; at += 64 * 1024) {
        if (!req.write(body.subarray(at, Math.min(at + 64 * 1024, end)))) await once(req, 'drain');
      }
      if (sent.disconnectAfter !== undefined) {
        await new Promise((r) => setTimeout(r, 200));
        req.destroy();
        resolve('dropped');
      } else req.end();
    };
    write().catch(() => resolve('dropped'));
  });
}

/** A multipart/form-data body with one file field. */
export function multipart(field: string, bytes: Uint8Array, filename = 'photo.png', type = 'image/png'): { body: Buffer; contentType: string } {
  const boundary = `----escrow${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, Buffer.from(bytes), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
