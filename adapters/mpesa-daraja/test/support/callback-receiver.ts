import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  readonly path: string;
  readonly body: unknown;
}

/** How the receiver answers a POST to a path; default 200 with c2bConfirmationAck's body. */
export type Answer = (path: string, body: unknown) => { status?: number; json: unknown };

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A real HTTP server on loopback playing our callback endpoints: it records every POST and
 * answers as told, so the simulator's callbacks travel over real HTTP like Safaricom's.
 */
export async function startCallbackReceiver(answer: Answer = () => ({ json: { ResultCode: 0, ResultDesc: 'Success' } })) {
  const received: ReceivedCallback[] = [];
  let current = answer;
  const waiters = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url ?? '/';
      received.push({ path, body });
      for (const wake of waiters) wake();
      const reply = current(path, body);
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path: string) => received.filter((callback) => callback.path === path),
    answerWith: (next: Answer) => void (current = next),
    /** Resolves once `count` callbacks have reached `path`; fails after `timeoutMs`. */
    async waitFor(path: string, count = 1, timeoutMs = 5_000): Promise<ReceivedCallback[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((callback) => callback.path === path).length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`waited ${timeoutMs} ms for ${count} callback(s) on ${path}; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return received.filter((callback) => callback.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
