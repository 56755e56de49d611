import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

type FetchApp = { fetch(request: Request, env: unknown): Response | Promise<Response> };

/**
 * A real port for an API that is composed after it is known (simulators call back to a URL that
 * names the port): it answers 503 until `answerWith(app)`.
 */
export async function lateServer(): Promise<{ url: string; answerWith(app: FetchApp): void; close(): Promise<void> }> {
  const target: { app?: FetchApp } = {};
  // overrideGlobalObjects: false keeps the test process's own Request and Response: the tests also
  // call the same app in process (app.request), and node-server's light Response would stand in there.
  const server: ServerType = serve({ fetch: (request, env) => (target.app ? target.app.fetch(request, env) : new Response('starting', { status: 503 })), port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answerWith: (app) => {
      target.app = app;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` every `everyMs` until it returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('eventually: timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
