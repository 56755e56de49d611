import { describe, expect, it } from 'vitest';
import { createOrder, deliverOutbox, nextAttemptDelayMs, OUTBOX_LEASE_MS, resetCodeEmail, type DeliveryOutcome, type Notification, type Notifier } from '../../src/index.js';
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

describe('deliverOutbox', () => {
  it('sends each due message once, with its id as the idempotency key, and marks it delivered', async () => {
    const { store, clock, message } = await worldWithOneMessage();
    const notifier = new ScriptedNotifier([]);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ delivered: 1, failed: 0 });
    expect(notifier.sent).toEqual([{ key: message.id, n: { channel: 'email', to: 'amani@example.com', subject: 'New order created', body: expect.stringContaining('Watch') } }]);
    expect(store.state.outbox.get(message.id)?.deliveredAt).toEqual(clock.now());
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ delivered: 0, failed: 0 });
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

  it('reschedules a failure with backoff (a thrown error counts as retryable) and gives up after 10 attempts', async () => {
    const { store, clock, message } = await worldWithOneMessage();
    const notifier = new ScriptedNotifier([new Error('connection reset'), ...Array.from({ length: 9 }, () => ({ ok: false as const, retryable: true, reason: 'SMTP 421' }))]);
    expect(await deliverOutbox({ store, clock, notifier })).toEqual({ delivered: 0, failed: 1 });
    const first = store.state.outbox.get(message.id);
    expect(first).toMatchObject({ attempts: 1, lastError: 'connection reset', deliveredAt: null });
    expect(first?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + nextAttemptDelayMs(1));
    for (let attempt = 2; attempt <= 10; attempt += 1) {
      clock.advance(3_600_000);
      expect(await deliverOutbox({ store, clock, notifier })).toEqual({ delivered: 0, failed: 1 });
    }
    const parked = store.state.outbox.get(message.id);
    expect(parked?.attempts).toBe(10);
    expect((parked?.nextAttemptAt.getTime() ?? 0) - clock.now().getTime()).toBeGreaterThan(300 * 24 * 3_600_000);
  });

  it('leases claimed messages so a second dispatcher does not send them while the first is sending', async () => {
    const { store, clock, message } = await worldWithOneMessage();
    let release: () => void = () => undefined;
    const slow: Notifier = { send: () => new Promise((resolve) => (release = () => resolve({ ok: true }))) };
    const fast = new ScriptedNotifier([]);
    const first = deliverOutbox({ store, clock, notifier: slow });
    await new Promise((r) => setTimeout(r, 10));
    expect(await deliverOutbox({ store, clock, notifier: fast })).toEqual({ delivered: 0, failed: 0 });
    expect(store.state.outbox.get(message.id)?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + OUTBOX_LEASE_MS);
    release();
    expect(await first).toEqual({ delivered: 1, failed: 0 });
    expect(fast.sent).toHaveLength(0);
  });

  it('backs off 30 s, 1 min, 2 min ... up to an hour', () => {
    expect([1, 2, 3, 4, 20].map(nextAttemptDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });
});
