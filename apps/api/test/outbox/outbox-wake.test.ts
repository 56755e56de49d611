import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTBOX_LEASE_MS, systemClock, type EscrowStore, type Notification, type Notifier } from '@escrow/core';
import { createKyselyEscrowStore, openDatabase, type DatabaseHandle, type OutboxWake } from '@escrow/db-kysely';
import { outboxChannelFor, PostgresEventBus } from '@escrow/events-pg';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/http/logger.js';
import { OUTBOX_POLL_MS, OUTBOX_TAKEOVER_TARGET_MS, outboxWakeRelay, startOutboxDispatcher, type OutboxDispatcher } from '../../src/outbox-dispatcher.js';

// Decision 0074: a queued message wakes the dispatchers at its commit. Every dispatcher here
// polls once an hour, so a message sent within the test's wait was sent because of a wake:
// no assertion on milliseconds, which a loaded 2-core machine would break.
const postgres = await postgresForTests('outbox woken by NOTIFY');
const NEVER_MS = 60 * 60_000;
const WAIT_MS = 10_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A notifier that records what it was given to send, and when. */
function recordingNotifier(): Notifier & { sent: Map<string, number> } {
  const sent = new Map<string, number>();
  return {
    sent,
    send: async (_notification: Notification, key: string) => {
      sent.set(key, Date.now());
      return { ok: true };
    },
  };
}

let counter = 0;
async function enqueue(store: EscrowStore): Promise<string> {
  const id = `wake-${process.pid}-${(counter += 1)}`;
  const now = new Date();
  await store.transaction(async (tx) => {
    await tx.outbox.enqueue({ id, topic: 'notification', payload: { channel: 'email', to: 'seller@example.com', subject: 'Paid', body: 'Payment confirmed.' }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null });
  });
  return id;
}

async function until(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A dispatcher that polls once an hour, fed by `wakes`; its start-up pass is over when this resolves. */
async function dispatcher(store: EscrowStore, wakes: ReturnType<typeof outboxWakeRelay>): Promise<{ notifier: ReturnType<typeof recordingNotifier>; dispatcher: OutboxDispatcher }> {
  const notifier = recordingNotifier();
  const started = startOutboxDispatcher({ store, clock: systemClock, notifier, logger: quiet, intervalMs: NEVER_MS, wakes: wakes.source });
  cleanups.push(() => started.stop());
  await started.runOnce();
  return { notifier, dispatcher: started };
}

async function postgresDatabase(schemaUrl: string): Promise<DatabaseHandle> {
  const handle = openDatabase({ dataDir: tmpdir(), databaseUrl: schemaUrl });
  cleanups.push(() => handle.close());
  return handle;
}

describe.runIf(postgres.available)('on PostgreSQL, the commit that queues a message wakes the dispatcher of another process', () => {
  /** A fresh schema; process A's writing store NOTIFYs, process B listens on its own connection and dispatches. */
  async function twoProcesses() {
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    const url = new URL(postgres.url);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    const a = await postgresDatabase(url.toString());
    await a.migrate();
    const channel = outboxChannelFor(await a.namespace());
    const wake: OutboxWake = { notifyChannel: channel };
    const storeA = createKyselyEscrowStore(a.db, a.dialect, { outboxWake: wake });
    const silentStoreA = createKyselyEscrowStore(a.db, a.dialect);
    const b = await postgresDatabase(url.toString());
    const storeB = createKyselyEscrowStore(b.db, b.dialect, { outboxWake: wake });
    const bus = new PostgresEventBus({ connectionString: url.toString(), channel: `t_events_${schema.schema}`, wakeChannels: [channel], reconnectDelayMs: 20 });
    cleanups.push(() => bus.close());
    const relay = outboxWakeRelay();
    bus.onWake(channel, relay.wake);
    await bus.start();
    const { notifier } = await dispatcher(storeB, relay);
    return { storeA, silentStoreA, bus, notifier, schema };
  }

  it('sends a message queued through another connection long before its hourly poll', { timeout: 30_000 }, async () => {
    const { storeA, notifier } = await twoProcesses();
    const id = await enqueue(storeA);
    await until('the woken dispatcher to send it', () => notifier.sent.has(id));
    // A burst is coalesced into passes, and every message of it goes out.
    const burst = await Promise.all(Array.from({ length: 20 }, () => enqueue(storeA)));
    await until('the burst to go out', () => burst.every((m) => notifier.sent.has(m)));
  });

  it('does not wake for a transaction that rolled back, and a store without the channel wakes nobody', { timeout: 30_000 }, async () => {
    const { storeA, silentStoreA, notifier } = await twoProcesses();
    const unannounced = await enqueue(silentStoreA);
    await expect(
      storeA.transaction(async (tx) => {
        const now = new Date();
        await tx.outbox.enqueue({ id: 'rolled-back', topic: 'notification', payload: { channel: 'email', to: 'x@example.com', subject: 's', body: 'b' }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The next wake sends the unannounced one too: it was waiting, never woken for.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notifier.sent.has(unannounced)).toBe(false);
    const announced = await enqueue(storeA);
    await until('the next woken pass', () => notifier.sent.has(announced));
    expect(notifier.sent.has(unannounced)).toBe(true);
    expect(notifier.sent.has('rolled-back')).toBe(false);
  });

  it('re-establishes a killed LISTEN connection, passes once it listens again, and is woken after', { timeout: 30_000 }, async () => {
    const { storeA, silentStoreA, bus, notifier } = await twoProcesses();
    // Queued with no NOTIFY (as if sent while the connection was down): only the reconnection's pass can send it.
    const missed = await enqueue(silentStoreA);
    const pid = await bus.listenerPid();
    expect(pid).not.toBeNull();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await until('the LISTEN connection to be re-established', () => bus.reconnects >= 1);
    await until('the pass after reconnecting', () => notifier.sent.has(missed));
    expect(await bus.listenerPid()).not.toBe(pid);
    const id = await enqueue(storeA);
    await until('a wake on the new connection', () => notifier.sent.has(id));
  });
});

describe('on SQLite, the commit that queues a message wakes this process', () => {
  it('sends it long before the hourly poll, and wakes for nothing on a rollback', { timeout: 30_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-wake-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = openDatabase({ dataDir });
    cleanups.push(() => handle.close());
    await handle.migrate();
    const relay = outboxWakeRelay();
    let wakes = 0;
    const store = createKyselyEscrowStore(handle.db, handle.dialect, {
      outboxWake: {
        afterCommit: () => {
          wakes += 1;
          relay.wake();
        },
      },
    });
    const { notifier } = await dispatcher(store, relay);
    const id = await enqueue(store);
    expect(wakes).toBe(1);
    await until('the woken dispatcher to send it', () => notifier.sent.has(id));
    await expect(
      store.transaction(async (tx) => {
        const now = new Date();
        await tx.outbox.enqueue({ id: 'rolled-back', topic: 'notification', payload: { channel: 'email', to: 'x@example.com', subject: 's', body: 'b' }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(wakes).toBe(1);
    // A transaction that queues nothing wakes nothing.
    await store.transaction(async (tx) => tx.outbox.status(new Date(), 1));
    expect(wakes).toBe(1);
  });
});

describe('a dead process\'s leased messages', () => {
  it('are due again and found by another process\'s poll well within the 30 s target (lease + poll, with room for the pass)', () => {
    expect(OUTBOX_TAKEOVER_TARGET_MS).toBe(30_000);
    expect(OUTBOX_LEASE_MS + OUTBOX_POLL_MS).toBeLessThanOrEqual(OUTBOX_TAKEOVER_TARGET_MS - 5_000);
  });

  it('leave a warning at start when OUTBOX_LEASE_SECONDS breaks that target, and none by default', async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...quiet, warn: (message) => warnings.push(message) };
    const store = { single: async () => [], transaction: async () => undefined, read: async () => undefined } as unknown as EscrowStore;
    const fine = startOutboxDispatcher({ store, clock: systemClock, notifier: recordingNotifier(), logger });
    await fine.stop();
    expect(warnings).toEqual([]);
    const slow = startOutboxDispatcher({ store, clock: systemClock, notifier: recordingNotifier(), logger, leaseMs: 120_000 });
    await slow.stop();
    expect(warnings).toEqual([expect.stringContaining('more than 30 s')]);
  });
});
