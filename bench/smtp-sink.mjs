// A local SMTP server (the `smtp-server` package, as the notifier's tests use) that keeps no
// mail: it counts what it accepts by Message-ID, so a benchmark or a fault campaign can say how
// many messages arrived, how fast, and whether any arrived twice. Shared by bench/outbox.mjs
// and scripts/faults/outbox-soak.mjs.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { SMTPServer } = createRequire(join(root, 'adapters/notify-smtp/package.json'))('smtp-server');

/** The outbox id in a Message-ID (`<id@domain>`, the SMTP notifier's; decision 0038). */
const outboxIdOf = (messageId) => /^<([^@>]+)@/.exec(messageId)?.[1];

/**
 * Starts the sink on a free loopback port. `received` counts every accepted message, `perId`
 * each Message-ID; `firstAt`/`lastAt` are when the first and the latest arrived (ms epoch);
 * `acceptedAt` and `begunAt` are when each outbox id (the Message-ID's local part) was first
 * accepted, and first sent at all. With `hold`, it never answers a message (a server gone
 * silent): it notes only that its sending began (`begunAt`), and `close` does not wait for it.
 */
export async function startSmtpSink({ hold = false } = {}) {
  const perId = new Map();
  const sink = {
    port: 0,
    received: 0,
    withoutMessageId: 0,
    firstAt: null,
    lastAt: null,
    perId,
    acceptedAt: new Map(),
    begunAt: new Map(),
    get unique() {
      return perId.size;
    },
    /** Messages that arrived more than once by Message-ID (the copies beyond the first). */
    get duplicates() {
      return sink.received - sink.withoutMessageId - perId.size;
    },
    // A held connection may never end: then wait a second at most.
    close: () => Promise.race([new Promise((resolve) => server.close(() => resolve())), ...(hold ? [new Promise((resolve) => setTimeout(resolve, 1_000))] : [])]),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many pooled connections from several dispatcher processes.
    maxClients: 1_000,
    onData(stream, _session, callback) {
      let head = '';
      let headDone = false;
      stream.on('data', (chunk) => {
        if (headDone) return;
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) {
          head = head.slice(0, end);
          headDone = true;
        }
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1];
        const outboxId = id ? outboxIdOf(id) : undefined;
        const now = Date.now();
        if (outboxId && !sink.begunAt.has(outboxId)) sink.begunAt.set(outboxId, now);
        if (hold) return;
        if (outboxId && !sink.acceptedAt.has(outboxId)) sink.acceptedAt.set(outboxId, now);
        sink.received += 1;
        sink.firstAt ??= now;
        sink.lastAt = now;
        if (id) perId.set(id, (perId.get(id) ?? 0) + 1);
        else sink.withoutMessageId += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  sink.port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.server.address().port));
  });
  return sink;
}
