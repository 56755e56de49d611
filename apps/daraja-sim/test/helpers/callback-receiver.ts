import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got. */
export interface Received {
  path: string;
  // Callbacks are JSON of several shapes; tests pick them apart field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Answer this late (a slow integrator). */
  delayMs?: number;
}

/**
 * A small real HTTP server standing in for our callback endpoints: it records every POST and
 * answers what a test told it to for that path (200 `{ResultCode:0, ResultDesc:"Accepted"}` by default).
 */
export class CallbackReceiver {
  readonly received: Received[] = [];
  private readonly replies = new Map<string, Reply>();
  private port = 0;
  private readonly server = createServer((req, res) => this.handle(req, res));

  static async start(): Promise<CallbackReceiver> {
    const receiver = new CallbackReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.port = (receiver.server.address() as AddressInfo).port;
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  reply(path: string, reply: Reply): void {
    this.replies.set(path, reply);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  clear(): void {
    this.received.length = 0;
    this.replies.clear();
  }

  /** Waits until `count` POSTs reached `path` (and returns them), or fails after `timeoutMs`. */
  async waitFor(path: string, count = 1, timeoutMs = 5_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.on(path).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} POST(s) to ${path}, got ${this.on(path).length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.on(path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      // Daraja POSTs JSON; Africa's Talking's delivery reports are forms (read as an object of strings).
      const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      this.received.push({ path, body: text === '' ? null : form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text) });
      const reply = this.replies.get(path) ?? {};
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body ?? { ResultCode: 0, ResultDesc: 'Accepted' }));
      }, reply.delayMs ?? 0);
    });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds, or fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await sleep(10);
  }
}
