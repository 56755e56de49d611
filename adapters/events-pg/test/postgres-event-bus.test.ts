import { randomBytes } from 'node:crypto';
import type { DomainEvent, OrderChangedEvent } from '@escrow/core';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { startTcpProxy } from '@escrow/test-kit/tcp-proxy';
import { MAX_NOTIFY_PAYLOAD_BYTES, parseEvent, PostgresEventBus } from '../src/index.js';

const postgres = await postgresForTests('events-pg LISTEN/NOTIFY');

const event = (orderId: string, status: 'paid' | 'rider_assigned' = 'paid'): OrderChangedEvent => ({
  type: 'order.changed',
  orderId,
  sellerId: 's1',
  status,
  action: 'confirm_payment',
  at: new Date().toISOString(),
});

/** Resolves once `predicate` holds (polling), or fails after `ms`. */
async function eventually(predicate: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs `work` on a connection of its own to the server, as another client (an operator, a second instance) would. */
async function asAnotherClient(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

describe('parseEvent', () => {
  it('accepts the event shapes and refuses anything else', () => {
    const sample = event('o1');
    expect(parseEvent(JSON.stringify(sample))).toEqual(sample);
    expect(parseEvent(JSON.stringify({ type: 'seller.changed', sellerId: 's', at: 'now' }))).toEqual({ type: 'seller.changed', sellerId: 's', at: 'now' });
    const admin = [
      { type: 'seller.changed', sellerId: 's', change: 'created', at: 'now' },
      { type: 'contact.changed', contactId: 'c1', change: 'resolved', at: 'now' },
      { type: 'payment_config.changed', at: 'now' },
    ];
    for (const sampleEvent of admin) expect(parseEvent(JSON.stringify(sampleEvent))).toEqual(sampleEvent);
    const forged = [
      { type: 'seller.changed', sellerId: 's', change: 'hacked', at: 'now' },
      { type: 'contact.changed', contactId: 'c1', change: 'deleted', at: 'now' },
      { type: 'contact.changed', change: 'resolved', at: 'now' },
      { type: 'payment_config.changed' },
    ].map((e) => JSON.stringify(e));
    for (const junk of [undefined, '', 'not json', 'null', '[]', '{}', JSON.stringify({ ...event('o1'), status: 'hacked' }), JSON.stringify({ ...event('o1'), orderId: 5 }), ...forged]) {
      expect(parseEvent(junk)).toBeNull();
    }
  });
});

describe.runIf(postgres.available)('PostgresEventBus on a real PostgreSQL', () => {
  const buses: PostgresEventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });

  const channel = () => `t_events_${randomBytes(6).toString('hex')}`;
  const open = async (name: string, problems: string[] = []): Promise<PostgresEventBus> => {
    const bus = new PostgresEventBus({ connectionString: postgres.url, channel: name, reconnectDelayMs: 20, onProblem: (message) => problems.push(message) });
    buses.push(bus);
    await bus.start();
    return bus;
  };

  it('delivers every event published by either of two buses to both, exactly once each', async () => {
    const name = channel();
    const [a, b] = [await open(name), await open(name)];
    const seenA: DomainEvent[] = [];
    const seenB: DomainEvent[] = [];
    a.subscribe((e) => seenA.push(e));
    b.subscribe((e) => seenB.push(e));
    await a.publish([event('from-a-1'), event('from-a-2', 'rider_assigned')]);
    await b.publish([event('from-b')]);
    await eventually(() => seenA.length === 3 && seenB.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const seen of [seenA, seenB]) {
      expect(seen.map((e) => (e.type === 'order.changed' ? e.orderId : '')).sort()).toEqual(['from-a-1', 'from-a-2', 'from-b']);
    }
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const bus = await open(channel());
    const seen: DomainEvent[] = [];
    const stop = bus.subscribe((e) => seen.push(e));
    await bus.publish([event('one')]);
    await eventually(() => seen.length === 1);
    stop();
    expect(bus.subscriberCount).toBe(0);
    await bus.publish([event('two')]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen).toHaveLength(1);
  });

  it('reopens the LISTEN connection when the server drops it, and delivers again', async () => {
    const problems: string[] = [];
    const name = channel();
    const bus = await open(name, problems);
    const seen: DomainEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const pid = await bus.listenerPid();
    expect(pid).toBeTypeOf('number');
    await asAnotherClient((admin) => admin.query('select pg_terminate_backend($1)', [pid]));
    await eventually(() => bus.reconnects >= 1);
    expect(problems).toContain('event LISTEN connection lost; reconnecting');
    expect(await bus.listenerPid()).not.toBe(pid);
    await bus.publish([event('after-reconnect')]);
    await eventually(() => seen.some((e) => e.type === 'order.changed' && e.orderId === 'after-reconnect'));
  });

  it('ignores forged or unreadable notifications and refuses oversized payloads without throwing', async () => {
    const problems: string[] = [];
    const name = channel();
    const bus = await open(name, problems);
    const seen: DomainEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await asAnotherClient(async (admin) => {
      await admin.query('select pg_notify($1, $2)', [name, '{"type":"order.changed","orderId":"<script>"}']);
      await admin.query('select pg_notify($1, $2)', [name, 'garbage']);
    });
    // 4,100 two-byte characters: fewer than 8,000 characters, more than 8,000 bytes.
    const oversized: DomainEvent = { ...event('z'), sellerId: 'é'.repeat(4_100) };
    expect(Buffer.byteLength(JSON.stringify(oversized))).toBeGreaterThan(MAX_NOTIFY_PAYLOAD_BYTES);
    await bus.publish([oversized, event('fine')]);
    await eventually(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ orderId: 'fine' });
    expect(problems.filter((p) => p === 'unreadable event notification ignored')).toHaveLength(2);
    expect(problems).toContain('event too large for NOTIFY; not sent');
  });

  it('tells onMissedEvents listeners once the LISTEN connection is back after a loss (never at the first start)', async () => {
    const bus = await open(channel());
    let gaps = 0;
    const stop = bus.onMissedEvents(() => (gaps += 1));
    const pid = await bus.listenerPid();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gaps).toBe(0);
    await asAnotherClient((admin) => admin.query('select pg_terminate_backend($1)', [pid]));
    await eventually(() => bus.reconnects >= 1);
    expect(gaps).toBe(1);
    stop();
  });

  it('notices a LISTEN connection gone silent (liveness query), reconnects when the network is back, and reports the gap', async () => {
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    try {
      const problems: string[] = [];
      const bus = new PostgresEventBus({ connectionString: proxy.urlFor(postgres.url), channel: channel(), reconnectDelayMs: 50, maxReconnectDelayMs: 200, livenessIntervalMs: 200, timeoutMs: 300, onProblem: (message) => problems.push(message) });
      buses.push(bus);
      await bus.start();
      let gaps = 0;
      bus.onMissedEvents(() => (gaps += 1));
      proxy.blackhole(true);
      await eventually(() => problems.includes('event LISTEN connection lost; reconnecting'), 5_000);
      proxy.blackhole(false);
      proxy.cut();
      await eventually(() => bus.reconnects >= 1 && gaps >= 1, 5_000);
      const seen: DomainEvent[] = [];
      bus.subscribe((e) => seen.push(e));
      await bus.publish([event('after-silence')]);
      await eventually(() => seen.length === 1);
    } finally {
      await proxy.close();
    }
  });

  it('closes cleanly, twice, and does not reconnect afterwards', async () => {
    const bus = await open(channel());
    await bus.close();
    await bus.close();
    expect(await bus.listenerPid()).toBeNull();
    expect(bus.reconnects).toBe(0);
  });

  it('calls onWake on a wake channel\'s notifications and after a lost LISTEN connection is back, never as an event', async () => {
    const name = channel();
    const wakeName = `${name}_wake`;
    const bus = new PostgresEventBus({ connectionString: postgres.url, channel: name, wakeChannels: [wakeName], reconnectDelayMs: 20 });
    buses.push(bus);
    let wakes = 0;
    const events: DomainEvent[] = [];
    bus.onWake(wakeName, () => (wakes += 1));
    bus.subscribe((e) => events.push(e));
    await bus.start();
    expect(wakes).toBe(0);
    await asAnotherClient((client) => client.query('select pg_notify($1, $2)', [wakeName, '']));
    await eventually(() => wakes === 1);
    const pid = await bus.listenerPid();
    await asAnotherClient((admin) => admin.query('select pg_terminate_backend($1)', [pid]));
    await eventually(() => bus.reconnects >= 1 && wakes === 2);
    await asAnotherClient((client) => client.query('select pg_notify($1, $2)', [wakeName, '']));
    await eventually(() => wakes === 3);
    expect(events).toEqual([]);
    expect(() => bus.onWake('not_a_wake_channel', () => undefined)).toThrow(/wakeChannels/);
    expect(() => new PostgresEventBus({ connectionString: postgres.url, channel: name, wakeChannels: [name] })).toThrow(/wake channel/);
  });
});
