import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from './logger.js';

export interface ServeOptions {
  app: Hono;
  port: number;
  host: string;
  logger: Logger;
  /** Runs after the last in-flight request has finished: close the database here. */
  onClose?: () => Promise<void> | void;
  /** How long in-flight requests may take to finish before the process exits anyway. */
  shutdownTimeoutMs?: number;
  /** Signals that start a graceful shutdown; tests pass none and call `shutdown()`. */
  signals?: readonly NodeJS.Signals[];
  exit?: (code: number) => void;
}

export interface RunningServer {
  /** The bound port (useful when asked for port 0). */
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, then runs onClose. */
  shutdown(): Promise<void>;
}

/** Starts the HTTP server with graceful shutdown on SIGTERM/SIGINT: exit 0 when clean, 1 when forced. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const { app, logger, onClose, shutdownTimeoutMs = 10_000, signals = ['SIGTERM', 'SIGINT'] } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));

  const server = await new Promise<Server>((resolve, reject) => {
    // @hono/node-server builds an http.Server by default; bind errors (port in use) reject.
    const created = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(created as Server));
    created.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info('HTTP server listening', { host: options.host, port });

  let closing: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    closing ??= (async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets with no request in flight would otherwise hold close() open.
        server.closeIdleConnections();
      });
      await onClose?.();
    })();
    return closing;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    logger.info('Shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('Shutdown timed out; closing open connections', { timeoutMs: shutdownTimeoutMs });
      server.closeAllConnections();
      exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    shutdown().then(
      () => {
        clearTimeout(force);
        logger.info('Shutdown complete');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(force);
        logger.error('Shutdown failed', { error: error instanceof Error ? error.message : String(error) });
        exit(1);
      },
    );
  };
  for (const signal of signals) process.once(signal, onSignal);

  return { port, shutdown };
}
