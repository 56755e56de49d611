import { connect, createServer, type Server, type Socket } from 'node:net';

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

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let refusing = false;
  let silent = false;
  let accepted = 0;
  const watches: { text: string; then: () => void }[] = [];
  const server: Server = createServer((client) => {
    accepted += 1;
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: target.host, port: target.port });
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (!silent) upstream.write(chunk);
      if (watches.length > 0) {
        const text = chunk.toString('latin1');
        for (const watch of watches.filter((w) => text.includes(w.text))) {
          watches.splice(watches.indexOf(watch), 1);
          watch.then();
        }
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!silent) client.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cut = () => {
    for (const { client, upstream } of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut,
    refuse(on) {
      refusing = on;
      if (on) cut();
    },
    blackhole(on) {
      silent = on;
    },
    onClientSends(text, then) {
      watches.push({ text, then });
    },
    upstreamPorts: () => [...pairs].map((p) => p.upstream.localPort).filter((p): p is number => typeof p === 'number'),
    get connectionsAccepted() {
      return accepted;
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
