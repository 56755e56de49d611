import { request } from 'node:http';
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
});
