import { describe, expect, it } from 'vitest';
import {
  createOrder,
  deliverOutbox,
  nextAttemptDelayMs,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  readOutboxStatus,
  resetCodeEmail,
  type DeliveryOutcome,
  type Notification,
  type Notifier,
  type OutboxMessage,
} from '../../src/index.js';
import { FixedClock, MemoryEscrowStore } from '../../src/testing/index.js';
import { memoryWorld } from '../support/world.js';

class ScriptedNotifier implements Notifier {
  sent: { n: Notification; key: string }[] = [];
  constructor(private readonly answers: (DeliveryOutcome | Error)[]) {}
  async send(n: Notification, key: string): Promise<DeliveryOutcome> {
    this.sent.push({ n, key });
    const answer = this.answers.shift() ?? { ok: true };
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const DONE = { claimed: 0, delivered: 0, failed: 0, givenUp: 0, released: 0, unrecorded: 0 };

async function worldWithOneMessage() {
  const ctx = memoryWorld();
  const created = await createOrder(ctx.deps, {
    actor: { kind: 'seller', sellerId: 'seller-a' },
    input: { itemName: 'Watch', price: 5_000_00, buyerName: 'Mwangi', buyerPhone: '0711000000', buyerAddress: 'Karen', deliveryCost: 0 },
  });
  if (!created.ok) throw new Error(created.error.code);
  const [message] = [...ctx.store.state.outbox.values()];
  if (!message) throw new Error('no outbox message');
  return { ...ctx, message };
}

/** A store holding `count` due emails, m000, m001, ... oldest first, to `to(i)`. */
async function backlog(count: number, to: (i: number) => string = (i) => `seller${i}@example.com`) {
  const store = new MemoryEscrowStore();
  const clock = new FixedClock();
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      const createdAt = new Date(clock.now().getTime() - (count - i) * 1_000);
      await tx.outbox.enqueue({ id: `m${String(i).padStart(3, '0')}`, topic: 'notification', payload: { channel: 'email', to: to(i), subject: `Order ${i}`, body: 'Body' }, createdAt, attempts: 0, nextAttemptAt: createdAt, deliveredAt: null, lastError: null });
    }
  });
  return { store, clock };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (store: MemoryEscrowStore, id: string): OutboxMessage => {
  const found = store.state.outbox.get(id);
  if (!found) throw new Error(`no message ${id}`);
  return found;
};

describe('deliverOutbox', () => {
  it('sends each due message once, with its id as the idempotency key, and marks it delivered', async () => {
    const { store, clock, message: m } = await worldWithOneMessage();
    const notifier = new ScriptedNotifier([]);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ ...DONE, claimed: 1, delivered: 1 });
    expect(notifier.sent).toEqual([{ key: m.id, n: { channel: 'email', to: 'amani@example.com', subject: 'New order created', body: expect.stringContaining('Watch') } }]);
    expect(store.state.outbox.get(m.id)).toMatchObject({ deliveredAt: clock.now(), attempts: 1 });
    expect(await deliverOutbox({ store, clock, notifier })).toEqual(DONE);
    expect(notifier.sent).toHaveLength(1);
  });

  it('erases the code of a delivered reset email from the outbox, and keeps it until then', async () => {
    const { store, clock } = await worldWithOneMessage();
    // The order's own notification goes out first, so the scripted failure below hits the reset email.
    await deliverOutbox({ store, clock, notifier: new ScriptedNotifier([]) });
    const email = resetCodeEmail('amani@example.com', '042917');
    await store.transaction((tx) =>
      tx.outbox.enqueue({ id: 'reset-1', topic: 'notification', payload: { ...email }, createdAt: clock.now(), attempts: 0, nextAttemptAt: clock.now(), deliveredAt: null, lastError: null }),
    );
    const notifier = new ScriptedNotifier([{ ok: false, retryable: true, reason: 'SMTP 421' }]);
    await deliverOutbox({ store, clock, notifier });
    // Not sent yet: the text must survive for the retry.
    expect(JSON.stringify(store.state.outbox.get('reset-1')?.payload)).toContain('042917');

    clock.advance(60 * 60_000);
    await deliverOutbox({ store, clock, notifier });
    expect(notifier.sent.at(-1)?.n.body).toContain('042917');
    const kept = store.state.outbox.get('reset-1');
    expect(kept?.deliveredAt).toEqual(clock.now());
    expect(JSON.stringify(kept?.payload)).not.toContain('042917');
    expect(kept?.payload).toMatchObject({ to: 'amani@example.com', channel: 'email', sensitive: true });
    // An ordinary notification keeps its text.
    expect(JSON.stringify([...store.state.outbox.values()][0]?.payload)).toContain('Watch');
  });

  it('reschedules a failure with backoff (a thrown error counts as retryable) and gives up after 10 attempts, keeping it for an operator', async () => {
    const { store, clock, message: m } = await worldWithOneMessage();
    const notifier = new ScriptedNotifier([new Error('connection reset'), ...Array.from({ length: 9 }, () => ({ ok: false as const, retryable: true, reason: 'SMTP 421' }))]);
    const givenUp: string[] = [];
    const onGiveUp = (gone: OutboxMessage, reason: string) => givenUp.push(`${gone.id}: ${reason}`);
    expect(await deliverOutbox({ store, clock, notifier }, { onGiveUp })).toEqual({ ...DONE, claimed: 1, failed: 1 });
    const first = message(store, m.id);
    expect(first).toMatchObject({ attempts: 1, lastError: 'connection reset', deliveredAt: null });
    expect(first.nextAttemptAt.getTime()).toBe(clock.now().getTime() + nextAttemptDelayMs(1));
    for (let attempt = 2; attempt < OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      clock.advance(3_600_000);
      expect(await deliverOutbox({ store, clock, notifier }, { onGiveUp })).toEqual({ ...DONE, claimed: 1, failed: 1 });
      expect(message(store, m.id).nextAttemptAt.getTime()).toBe(clock.now().getTime() + nextAttemptDelayMs(attempt));
    }
    clock.advance(3_600_000);
    expect(await deliverOutbox({ store, clock, notifier }, { onGiveUp })).toEqual({ ...DONE, claimed: 1, givenUp: 1 });
    expect(message(store, m.id)).toMatchObject({ attempts: 10, givenUpAt: clock.now(), deliveredAt: null, lastError: 'gave up after 10 attempts: SMTP 421' });
    expect(givenUp).toEqual([`${m.id}: gave up after 10 attempts: SMTP 421`]);
    // Parked: never claimed again, listed for an operator.
    clock.advance(400 * 24 * 3_600_000);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual(DONE);
    expect(notifier.sent).toHaveLength(10);
    expect(await readOutboxStatus({ store, clock })).toMatchObject({ due: 0, givenUp: 1, givenUpMessages: [{ id: m.id, attempts: 10 }] });
  });

  it('gives up at once on a permanent refusal, and erases a secret it will never send', async () => {
    const { store, clock } = await backlog(0);
    const email = resetCodeEmail('nobody@example.com', '042917');
    await store.transaction((tx) => tx.outbox.enqueue({ id: 'reset-1', topic: 'notification', payload: { ...email }, createdAt: clock.now(), attempts: 0, nextAttemptAt: clock.now(), deliveredAt: null, lastError: null }));
    const notifier = new ScriptedNotifier([{ ok: false, retryable: false, reason: '550 No such user here' }]);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ ...DONE, claimed: 1, givenUp: 1 });
    const parked = message(store, 'reset-1');
    expect(parked).toMatchObject({ attempts: 1, givenUpAt: clock.now(), lastError: '550 No such user here', payload: { to: 'nobody@example.com', sensitive: true } });
    expect(JSON.stringify(parked.payload)).not.toContain('042917');
  });

  it('leases claimed messages so a second dispatcher does not send them while the first is sending', async () => {
    const { store, clock, message: m } = await worldWithOneMessage();
    let release: () => void = () => undefined;
    const slow: Notifier = { send: () => new Promise((resolve) => (release = () => resolve({ ok: true }))) };
    const fast = new ScriptedNotifier([]);
    const first = deliverOutbox({ store, clock, notifier: slow });
    await new Promise((r) => setTimeout(r, 10));
    expect(await deliverOutbox({ store, clock, notifier: fast })).toEqual(DONE);
    expect(message(store, m.id).nextAttemptAt.getTime()).toBe(clock.now().getTime() + OUTBOX_LEASE_MS);
    release();
    expect(await first).toEqual({ ...DONE, claimed: 1, delivered: 1 });
    expect(fast.sent).toHaveLength(0);
  });

  it('extends the lease of a message while its send lasts longer than the lease: no other dispatcher sends it meanwhile', async () => {
    const { store } = await backlog(1);
    // Real time: the leases below run out unless extended.
    const clock = { now: () => new Date() };
    const leaseMs = 150;
    let answer: () => void = () => undefined;
    const stalled: Notifier = { send: () => new Promise((resolve) => (answer = () => resolve({ ok: true }))) };
    const other = new ScriptedNotifier([]);
    const lost: string[] = [];
    const first = deliverOutbox({ store, clock, notifier: stalled }, { leaseMs, onLeaseLost: (m) => lost.push(m.id) });
    // Another dispatcher looks every 20 ms for four leases' time.
    const until = Date.now() + 4 * leaseMs;
    while (Date.now() < until) {
      expect(await deliverOutbox({ store, clock, notifier: other }, { leaseMs })).toEqual(DONE);
      await new Promise((r) => setTimeout(r, 20));
    }
    answer();
    expect(await first).toEqual({ ...DONE, claimed: 1, delivered: 1 });
    expect(other.sent).toEqual([]);
    expect(lost).toEqual([]);
    expect(message(store, 'm000')).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
  });

  it('says so when a message being sent was claimed by another dispatcher (it was held up past its lease), and leaves that claim alone', async () => {
    const { store } = await backlog(1);
    const clock = { now: () => new Date() };
    let answer: () => void = () => undefined;
    const stalled: Notifier = { send: () => new Promise((resolve) => (answer = () => resolve({ ok: false, retryable: true, reason: 'SMTP timeout' }))) };
    const lost: string[] = [];
    const first = deliverOutbox({ store, clock, notifier: stalled }, { leaseMs: 90, onLeaseLost: (m) => lost.push(m.id) });
    await new Promise((r) => setTimeout(r, 10));
    // As if this dispatcher had stalled past the lease and another had claimed the message: its next extension finds that claim.
    const claimedAgain = { ...message(store, 'm000'), attempts: 2, nextAttemptAt: new Date(Date.now() + 60_000) };
    store.state.outbox.set('m000', claimedAgain);
    await new Promise((r) => setTimeout(r, 100));
    expect(lost).toEqual(['m000']);
    answer();
    expect(await first).toEqual({ ...DONE, claimed: 1, failed: 1 });
    // Its failure and its extensions changed nothing of the other's claim.
    expect(message(store, 'm000')).toEqual(claimedAgain);
  });

  it('sends in parallel, never more at once than its concurrency', async () => {
    const { store, clock } = await backlog(60);
    let inFlight = 0;
    let most = 0;
    const notifier: Notifier = {
      async send() {
        inFlight += 1;
        most = Math.max(most, inFlight);
        // Each send takes a few turns of the event loop, like a network round trip.
        for (let i = 0; i < 5; i += 1) await tick();
        inFlight -= 1;
        return { ok: true };
      },
    };
    expect(await deliverOutbox({ store, clock, notifier }, { concurrency: 8 })).toEqual({ ...DONE, claimed: 60, delivered: 60 });
    expect(most).toBe(8);
    expect([...store.state.outbox.values()].every((m) => m.deliveredAt !== null)).toBe(true);
  });

  it('drains a backlog larger than a batch in one call, instead of waiting for the next round', async () => {
    const { store, clock } = await backlog(250);
    const notifier = new ScriptedNotifier([]);
    expect(await deliverOutbox({ store, clock, notifier }, { concurrency: 4, batchSize: 10 })).toEqual({ ...DONE, claimed: 250, delivered: 250 });
    expect(new Set(notifier.sent.map((s) => s.key)).size).toBe(250);
    // maxMessages bounds one call.
    const more = await backlog(30);
    expect(await deliverOutbox({ ...more, notifier }, { concurrency: 4, batchSize: 10, maxMessages: 15 })).toMatchObject({ claimed: 15, delivered: 15 });
  });

  it('does not let one slow, failing address hold the others: they go out meanwhile, it is retried later with backoff', async () => {
    const { store, clock } = await backlog(30, (i) => (i === 0 ? 'slow@example.com' : `seller${i}@example.com`));
    let failSlow: () => void = () => undefined;
    const notifier: Notifier = {
      send: (n) =>
        n.to === 'slow@example.com'
          ? new Promise((resolve) => (failSlow = () => resolve({ ok: false, retryable: true, reason: 'SMTP 421 mailbox busy' })))
          : Promise.resolve({ ok: true }),
    };
    const round = deliverOutbox({ store, clock, notifier }, { concurrency: 4 });
    for (let i = 0; i < 200 && [...store.state.outbox.values()].filter((m) => m.deliveredAt).length < 29; i += 1) await tick();
    // Everything else is delivered (and written) while the first message's send is still open.
    expect([...store.state.outbox.values()].filter((m) => m.deliveredAt).length).toBe(29);
    expect(message(store, 'm000').deliveredAt).toBeNull();
    failSlow();
    expect(await round).toEqual({ ...DONE, claimed: 30, delivered: 29, failed: 1 });
    expect(message(store, 'm000')).toMatchObject({ attempts: 1, lastError: 'SMTP 421 mailbox busy' });
    expect(message(store, 'm000').nextAttemptAt.getTime()).toBe(clock.now().getTime() + nextAttemptDelayMs(1));
  });

  it('writes each delivery right after the provider accepts it, before its sender takes another message', async () => {
    const { store, clock } = await backlog(12);
    const seen: string[] = [];
    const notifier: Notifier = {
      async send(_n, key) {
        // Every message sent before this one is recorded as delivered already.
        const undelivered = seen.filter((id) => store.state.outbox.get(id)?.deliveredAt === null);
        expect(undelivered).toEqual([]);
        seen.push(key);
        return { ok: true };
      },
    };
    expect(await deliverOutbox({ store, clock, notifier }, { concurrency: 1, batchSize: 5 })).toMatchObject({ delivered: 12 });
  });

  it('counts an attempt its dispatcher died in: after its lease, it is retried, and given up once that was the last attempt', async () => {
    const { store, clock } = await backlog(2);
    // A dispatcher claims both and dies (its sends never return).
    await store.transaction((tx) => tx.outbox.claimDue(clock.now(), 10, new Date(clock.now().getTime() + OUTBOX_LEASE_MS)));
    await store.transaction((tx) => tx.outbox.markFailed('m001', 1, 'SMTP 421', clock.now()));
    // m001 had failed 9 times: the dispatcher that died had claimed its 10th and last attempt.
    store.state.outbox.set('m001', { ...message(store, 'm001'), attempts: OUTBOX_MAX_ATTEMPTS - 1, nextAttemptAt: clock.now() });
    await store.transaction((tx) => tx.outbox.claimDue(clock.now(), 1, new Date(clock.now().getTime() + OUTBOX_LEASE_MS)).then((claimed) => expect(claimed.map((m) => m.id)).toEqual(['m001'])));

    clock.advance(OUTBOX_LEASE_MS);
    const notifier = new ScriptedNotifier([]);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ ...DONE, claimed: 2, delivered: 1, givenUp: 1 });
    expect(notifier.sent.map((s) => s.key)).toEqual(['m000']);
    expect(message(store, 'm000')).toMatchObject({ attempts: 2, deliveredAt: clock.now() });
    expect(message(store, 'm001')).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS + 1, givenUpAt: clock.now(), lastError: 'gave up after 10 attempts; the last did not finish (before it: SMTP 421)' });
  });

  it('hands back what it claimed but has not sent when it is told to stop: due at once, the attempt not counted', async () => {
    const { store, clock } = await backlog(20);
    let stop = false;
    const notifier: Notifier = {
      async send() {
        await tick();
        stop = true;
        return { ok: true };
      },
    };
    const report = await deliverOutbox({ store, clock, notifier }, { concurrency: 2, batchSize: 10, stopping: () => stop });
    expect(report).toEqual({ ...DONE, claimed: 10, delivered: 2, released: 8 });
    const rest = [...store.state.outbox.values()].filter((m) => m.deliveredAt === null);
    expect(rest).toHaveLength(18);
    expect(rest.filter((m) => m.attempts === 0 && m.nextAttemptAt.getTime() <= clock.now().getTime())).toHaveLength(18);
  });

  it('reports outcomes it could not write; those messages stay leased and are due again when the lease ends', async () => {
    const { store, clock } = await backlog(3);
    const broken = Object.create(store) as MemoryEscrowStore;
    let claims = 0;
    broken.transaction = (work) => {
      claims += 1;
      return claims === 1 ? store.transaction(work) : Promise.reject(new Error('database unavailable'));
    };
    expect(await deliverOutbox({ store: broken, clock, notifier: new ScriptedNotifier([]) })).toEqual({ ...DONE, claimed: 3, unrecorded: 3 });
    expect(await deliverOutbox({ store, clock, notifier: new ScriptedNotifier([]) })).toEqual(DONE);
    clock.advance(OUTBOX_LEASE_MS);
    expect(await deliverOutbox({ store, clock, notifier: new ScriptedNotifier([]) })).toMatchObject({ claimed: 3, delivered: 3 });
  });

  it('backs off 30 s, 1 min, 2 min ... up to an hour', () => {
    expect([1, 2, 3, 4, 20].map(nextAttemptDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });
});
