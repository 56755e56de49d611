import type { AddressInfo, Socket } from 'node:net';
import { Server as NetServer } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from './logger.js';

export interface ServeOptions {
  app: Hono;
  port: number;
  host: string;
  logger: Logger;
  /** Runs as soon as shutdown starts: end long-lived responses (live streams) so their connections can close. */
  onShutdownStart?: () => void;
  /** Runs after the last in-flight request (and its handler's work) has finished: stop background work, close the database here. */
  onClose?: () => Promise<void> | void;
  /**
   * For this long after shutdown starts, keep-alive connections are still answered, each answer
   * with `Connection: close`; then connections with no request in flight are closed (decision 0037).
   */
  drainMs?: number;
  /** How long the whole shutdown may take before the process exits anyway (code 1). */
  shutdownTimeoutMs?: number;
  /** Signals that start a graceful shutdown; tests pass none and call `shutdown()`. */
  signals?: readonly NodeJS.Signals[];
  exit?: (code: number) => void;
}

export interface RunningServer {
  /** The bound port (useful when asked for port 0). */
  port: number;
  /** Stops accepting connections, drains keep-alive ones, lets in-flight requests finish, then runs onClose. */
  shutdown(): Promise<void>;
}

/** A keep-alive client that is busy sends its next request well within this; an idle one may race the close. */
export const DEFAULT_DRAIN_MS = 1_000;
/** Below the 10 s a supervisor (and issue 14) allows; a cluster primary waits a little longer (cluster-primary.ts). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 8_000;

/**
 * Starts the HTTP server with graceful shutdown on SIGTERM/SIGINT (decision 0037): exit 0 when
 * clean, 1 when forced. On the signal the server stops accepting connections at once; answers
 * from then on say `Connection: close`; live streams are ended (`onShutdownStart`); after
 * `drainMs` the connections with nothing in flight are closed; once every connection is gone
 * and every request handler has returned, `onClose` runs (the database closes last).
 *
 * Signal handlers are installed before this returns (before the port is bound), so a signal
 * that arrives while the port is being bound is still a graceful stop.
 */
export function startServer(options: ServeOptions): Promise<RunningServer> {
  const { app, logger, onClose, onShutdownStart, drainMs = DEFAULT_DRAIN_MS, shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS, signals = ['SIGTERM', 'SIGINT'] } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));

  // Request handlers still running, counted apart from connections: a handler whose client has
  // gone keeps working (its transaction commits or rolls back) after its connection closed.
  let handlersRunning = 0;
  let handlersIdle: (() => void) | null = null;
  const fetch: typeof app.fetch = (request, env, ctx) => {
    handlersRunning += 1;
    return Promise.resolve()
      .then(() => app.fetch(request, env, ctx))
      .finally(() => {
        handlersRunning -= 1;
        if (handlersRunning === 0) handlersIdle?.();
      });
  };

  let draining = false;
  /** Requests in flight per connection: a connection whose last answer went out during the drain is closed. */
  const inFlight = new Map<Socket, number>();
  const openResponses = new Set<ServerResponse>();
  const closeConnection = (socket: Socket) => {
    // FIN once the answer is flushed; no waiting for the client's own FIN (a dead mobile link never sends it).
    if (!socket.destroyed) socket.end(() => socket.destroy());
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    if (draining) res.setHeader('Connection', 'close');
    else openResponses.add(res);
    res.once('close', () => {
      openResponses.delete(res);
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) {
        inFlight.set(socket, left);
        return;
      }
      inFlight.delete(socket);
      // An answer whose head went out before the drain (a live stream) said keep-alive: close now.
      if (draining) closeConnection(socket);
    });
  };

  let server: Server | undefined;
  const listening = new Promise<Server>((resolve, reject) => {
    // @hono/node-server builds an http.Server by default; bind errors (port in use) reject.
    const created = serve({ fetch, port: options.port, hostname: options.host }, () => resolve(created as Server)) as Server;
    created.prependListener('request', onRequest);
    created.once('error', reject);
    server = created;
  });
  let closing: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    closing ??= (async () => {
      const started = await listening.catch(() => undefined);
      if (!started) return void (await onClose?.());
      draining = true;
      // Answers not yet begun end their connection; those begun (streams) are closed when they finish.
      for (const res of openResponses) if (!res.headersSent) res.setHeader('Connection', 'close');
      openResponses.clear();
      const connectionsClosed = new Promise<void>((resolve, reject) => {
        // net.Server's close stops accepting and calls back once every connection has closed.
        // http.Server's own close() would also drop idle keep-alive connections at this instant,
        // racing requests their clients are sending on them right now (the drain below avoids that).
        NetServer.prototype.close.call(started, (error?: Error) => (error ? reject(error) : resolve()));
      });
      onShutdownStart?.();
      const drained = setTimeout(() => started.closeIdleConnections(), drainMs);
      drained.unref();
      try {
        await connectionsClosed;
      } finally {
        clearTimeout(drained);
      }
      if (handlersRunning > 0) await new Promise<void>((resolve) => (handlersIdle = resolve));
      await onClose?.();
    })();
    return closing;
  };

  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A supervisor may signal every process of the group and the cluster primary forwards it too.
      logger.info('Already shutting down', { signal });
      return;
    }
    signalled = true;
    logger.info('Shutting down', { signal, drainMs, timeoutMs: shutdownTimeoutMs });
    const force = setTimeout(() => {
      logger.error('Shutdown timed out; closing open connections', { timeoutMs: shutdownTimeoutMs, requestsInFlight: handlersRunning });
      server?.closeAllConnections();
      exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    const finish = (code: number) => {
      clearTimeout(force);
      for (const name of signals) process.off(name, onSignal);
      exit(code);
    };
    shutdown().then(
      () => {
        logger.info('Shutdown complete');
        finish(0);
      },
      (error: unknown) => {
        logger.error('Shutdown failed', { error: error instanceof Error ? error.message : String(error) });
        finish(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);

  return listening.then(
    (started) => {
      const port = (started.address() as AddressInfo).port;
      logger.info('HTTP server listening', { host: options.host, port });
      return { port, shutdown };
    },
    (error: unknown) => {
      for (const signal of signals) process.off(signal, onSignal);
      throw error;
    },
  );
}
