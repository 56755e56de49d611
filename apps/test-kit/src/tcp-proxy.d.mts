// Types of tcp-proxy.mjs, for the TypeScript tests.

/**
 * A TCP proxy a test puts between a client and PostgreSQL, to fail the network the way it
 * fails in production without touching the shared server: `cut()` drops every connection
 * (both ends see the socket close), `refuse(true)` drops every new one as soon as it is
 * accepted (an outage), `blackhole(true)` keeps the sockets open but forwards nothing (a
 * connection gone silent). `upstreamPorts()` are the client ports PostgreSQL sees
 * (pg_stat_activity.client_port), so a test can terminate exactly its own backends.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  cut(): void;
  refuse(on: boolean): void;
  blackhole(on: boolean): void;
  upstreamPorts(): number[];
  /** Calls `then` once, right after the first client-to-server bytes containing `text` (e.g. an SQL statement) were forwarded. */
  onClientSends(text: string, then: () => void): void;
  readonly connectionsAccepted: number;
  close(): Promise<void>;
}

export function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy>;
