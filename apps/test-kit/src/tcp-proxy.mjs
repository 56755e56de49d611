// A TCP proxy a test or a fault campaign puts between a client and PostgreSQL, to fail the
// network the way it fails in production without touching the shared server. Plain JavaScript
// so that the TypeScript tests (through tcp-proxy.d.mts, its types) and the fault campaigns
// (scripts/faults/connection-loss.mjs, run by node without a build) use this one implementation.
import { connect, createServer } from 'node:net';

/** Starts the proxy on a free loopback port, forwarding to `target`; see tcp-proxy.d.mts. */
export async function startTcpProxy(target) {
  const pairs = new Set();
  let refusing = false;
  let silent = false;
  let accepted = 0;
  const watches = [];
  const server = createServer((client) => {
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
    for (const socket of [client, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
      if (watches.length > 0) {
        const text = chunk.toString('latin1');
        for (const watch of watches.filter((w) => text.includes(w.text))) {
          watches.splice(watches.indexOf(watch), 1);
          watch.then();
        }
      }
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address();
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
    upstreamPorts: () => [...pairs].map((p) => p.upstream.localPort).filter((p) => typeof p === 'number'),
    get connectionsAccepted() {
      return accepted;
    },
    async close() {
      cut();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
