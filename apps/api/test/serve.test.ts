import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../src/http/serve.js';
import { recordingLogger } from './helpers/recording-logger.js';

/** An app whose /slow request stays in flight until the test releases it. */
function slowApp(events: string[] = []) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const app = new Hono().get('/slow', async (c) => {
    markStarted();
    await released;
    events.push('request finished');
    return c.text('finished');
  });
  return { app, release, started };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One request on `agent`, with what a client sees of the connection. */
function getOn(agent: Agent, port: number, path: string): Promise<{ status: number; body: string; connection: string | undefined; reused: boolean; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const socket = res.socket;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, reused: req.reusedSocket, socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startServer', () => {
  it('finishes in-flight requests, refuses new ones, then runs onClose', async () => {
    const events: string[] = [];
    const { app, release, started } = slowApp(events);
    const server = await startServer({
      app,
      port: 0,
      host: '127.0.0.1',
      logger: recordingLogger(),
      signals: [],
      onClose: () => {
        events.push('onClose');
      },
    });

    const inFlight = get(server.port, '/slow');
    await started;
    const shutdown = server.shutdown();

    await expect(get(server.port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
    expect(events).toEqual([]);

    release();
    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    await shutdown;
    expect(events).toEqual(['request finished', 'onClose']);
  });

  it('exits 0 after a clean shutdown on a signal', async () => {
    const { app } = slowApp();
    const exit = vi.fn();
    const onClose = vi.fn();
    await startServer({ app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: ['SIGUSR2'], exit, onClose });

    process.emit('SIGUSR2', 'SIGUSR2');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('forces exit 1 when requests do not finish in time', async () => {
    const { app, release, started } = slowApp();
    const exit = vi.fn();
    const logger = recordingLogger();
    const server = await startServer({
      app,
      port: 0,
      host: '127.0.0.1',
      logger,
      signals: ['SIGUSR2'],
      exit,
      shutdownTimeoutMs: 100,
    });
    const inFlight = get(server.port, '/slow').catch(() => 'connection closed');
    await started;

    process.emit('SIGUSR2', 'SIGUSR2');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(logger.entries.some((entry) => entry.message.includes('timed out'))).toBe(true);
    release();
    await inFlight;
  });

  it('answers on kept-alive connections during the drain with Connection: close, and closes idle ones only when it is over', async () => {
    const app = new Hono().get('/ok', (c) => c.text('ok'));
    const server = await startServer({ app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [], drainMs: 1_000 });
    const busy = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await getOn(busy, server.port, '/ok');
    expect(first.connection).toBe('keep-alive');
    const quiet = await getOn(idle, server.port, '/ok');

    const shutdown = server.shutdown();
    // The client sends on its kept-alive connection just as shutdown starts: it gets an answer, not a reset.
    const during = await getOn(busy, server.port, '/ok');
    expect(during).toMatchObject({ status: 200, body: 'ok', connection: 'close', reused: true });
    await closed(during.socket);
    await expect(get(server.port, '/ok')).rejects.toThrow(/ECONNREFUSED/);
    // The connection that stayed quiet is still open within the drain window, and closed after it.
    await sleep(200);
    expect(quiet.socket.destroyed).toBe(false);
    await shutdown;
    await closed(quiet.socket);
    busy.destroy();
    idle.destroy();
  });

  it('closes the database only after a request handler whose client went away has finished', async () => {
    const events: string[] = [];
    const { app, release, started } = slowApp(events);
    const server = await startServer({ app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [], onClose: () => void events.push('onClose') });
    const req = request({ host: '127.0.0.1', port: server.port, path: '/slow', agent: false });
    req.on('error', () => undefined);
    req.end();
    await started;
    req.destroy();
    const shutdown = server.shutdown();
    await sleep(200);
    // The connection is gone, but the handler (its transaction) is still running.
    expect(events).toEqual([]);
    release();
    await shutdown;
    expect(events).toEqual(['request finished', 'onClose']);
  });

  it('tells long-lived answers to end at once and closes their connection when they have', async () => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const app = new Hono().get('/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('first\n'));
          await ended;
          controller.enqueue(new TextEncoder().encode('last\n'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain' } });
    });
    const server = await startServer({ app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [], drainMs: 20_000, onShutdownStart: end });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const streamed = getOn(agent, server.port, '/stream');
    await sleep(100);
    const began = Date.now();
    await server.shutdown();
    const answer = await streamed;
    expect(answer.body).toBe('first\nlast\n');
    await closed(answer.socket);
    // Not held open until the drain window (20 s) is over.
    expect(Date.now() - began).toBeLessThan(10_000);
    agent.destroy();
  });
});
