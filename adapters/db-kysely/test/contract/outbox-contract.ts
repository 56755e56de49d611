import type { OutboxMessage } from '@escrow/core';
import { expect, it } from 'vitest';
import { gate, within } from '../support/expectations.js';
import { at } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

const message = (id: string, createdMinute: number, extra: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id,
  topic: 'notification',
  payload: { channel: 'email', to: 'amani@example.com', subject: 'Payment confirmed', body: `Order ${id}: assign a rider to proceed.` },
  createdAt: at(createdMinute),
  attempts: 0,
  nextAttemptAt: at(createdMinute),
  deliveredAt: null,
  lastError: null,
  ...extra,
});

const ids = (messages: readonly OutboxMessage[]): string[] => messages.map((m) => m.id);
/** Leases run to minute 100 unless a test says otherwise. One statement, as the dispatcher claims (EscrowStore.single). */
const claim = (h: StoreHarness, now: Date, limit = 10, leaseUntil = at(100)) => h.store.single((tx) => tx.outbox.claimDue(now, limit, leaseUntil));

/** As claimDue returns it: leased, the attempt counted. */
const claimed = (m: OutboxMessage, leaseUntil = at(100)): OutboxMessage => ({ ...m, attempts: m.attempts + 1, nextAttemptAt: leaseUntil, givenUpAt: null });

const row = (h: StoreHarness, id: string) => h.db.selectFrom('outbox').select(['attempts', 'next_attempt_at', 'delivered_at', 'given_up_at', 'last_error', 'payload']).where('id', '=', id).executeTakeFirstOrThrow();

export function outboxContract(harness: HarnessAccess): void {
  it('claims due, undelivered messages longest due first, up to the limit, leases them and counts the attempt', async () => {
    const h = harness();
    const now = at(30);
    const due1 = message('m1', 1);
    const due2 = message('m2', 0, { attempts: 2, lastError: 'smtp timeout', nextAttemptAt: now });
    const later = message('m3', 0, { nextAttemptAt: at(31) });
    const delivered = message('m4', 0, { deliveredAt: at(5), attempts: 1 });
    await h.store.transaction(async (tx) => {
      for (const m of [due2, later, delivered, due1]) await tx.outbox.enqueue(m);
    });
    // m1 has been due since minute 1, m2 (created earlier, retried) since minute 30.
    expect(await claim(h, now, 1)).toStrictEqual([claimed(due1)]);
    // m1 is leased now: the next claim gets the rest, as claimed (attempt counted, lease as due time).
    expect(await claim(h, now)).toStrictEqual([claimed(due2)]);
    expect(await claim(h, now)).toEqual([]);
    expect(ids(await claim(h, at(31)))).toEqual(['m3']);
    // When the leases run out (a dispatcher died mid-send), the messages are due again, their
    // attempts counted; in hand oldest first.
    const again = await claim(h, at(100), 10, at(200));
    expect(again.map((m) => [m.id, m.attempts])).toEqual([
      ['m2', 4],
      ['m3', 2],
      ['m1', 2],
    ]);
  });

  it('records a delivery (never claimed again) or a failure (rescheduled), leaving the attempt count to the claim', async () => {
    const h = harness();
    const now = at(30);
    await h.store.transaction(async (tx) => {
      await tx.outbox.enqueue(message('m1', 1));
      await tx.outbox.enqueue(message('m2', 2));
    });
    const [m1, m2] = await claim(h, now);
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m1', now);
      await tx.outbox.markFailed('m2', m2?.attempts ?? -1, 'SMTP 421 try later', at(35));
    });
    expect(m1?.id).toBe('m1');
    expect(await claim(h, at(34))).toEqual([]);
    expect(await claim(h, at(35))).toStrictEqual([message('m2', 2, { attempts: 2, lastError: 'SMTP 421 try later', nextAttemptAt: at(100), givenUpAt: null })]);

    // A second "delivered" keeps the first delivery time and count.
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(40)));
    expect(await row(h, 'm1')).toMatchObject({ delivered_at: now.toISOString(), attempts: 1 });
  });

  it('records many deliveries in one call, each at its own time; an earlier delivery stands', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      for (const id of ['m1', 'm2', 'm3', 'm4']) await tx.outbox.enqueue(message(id, 1));
    });
    await h.store.transaction((tx) => tx.outbox.markDelivered('m3', at(20)));
    const [m1, m2] = await claim(h, at(30), 2);
    await h.store.transaction((tx) => tx.outbox.markGivenUp('m2', m2?.attempts ?? -1, 'gave up', at(31)));
    await h.store.transaction((tx) =>
      tx.outbox.markAllDelivered([
        { id: 'm1', at: at(32) },
        { id: 'm2', at: at(33) },
        { id: 'm3', at: at(34) },
      ]),
    );
    await h.store.transaction((tx) => tx.outbox.markAllDelivered([]));
    const rows = await h.db.selectFrom('outbox').select(['id', 'delivered_at', 'given_up_at', 'attempts']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'm1', delivered_at: at(32).toISOString(), given_up_at: null, attempts: m1?.attempts },
      { id: 'm2', delivered_at: at(33).toISOString(), given_up_at: null, attempts: 1 },
      { id: 'm3', delivered_at: at(20).toISOString(), given_up_at: null, attempts: 0 },
      { id: 'm4', delivered_at: null, given_up_at: null, attempts: 0 },
    ]);
  });

  it('keeps what the provider called each message, from one delivery or many (none when it gave none); a second delivery keeps the first', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      for (const id of ['m1', 'm2', 'm3', 'm4']) await tx.outbox.enqueue(message(id, 1));
    });
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m1', at(30), { channel: 'sms', to: '+254712345678', subject: '(removed)', body: '(removed)' }, 'ATXid_one');
      await tx.outbox.markAllDelivered([
        { id: 'm2', at: at(31), providerId: 'ATXid_two' },
        { id: 'm3', at: at(32) },
      ]);
    });
    await h.store.transaction((tx) => tx.outbox.markAllDelivered([{ id: 'm2', at: at(40), providerId: 'ATXid_again' }]));
    const rows = await h.db.selectFrom('outbox').select(['id', 'provider_id', 'delivered_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'm1', provider_id: 'ATXid_one', delivered_at: at(30).toISOString() },
      { id: 'm2', provider_id: 'ATXid_two', delivered_at: at(31).toISOString() },
      { id: 'm3', provider_id: null, delivered_at: at(32).toISOString() },
      { id: 'm4', provider_id: null, delivered_at: null },
    ]);
    const read = await h.store.read((tx) => tx.outbox.status(at(50), 0));
    expect(read.delivered).toBe(3);
  });

  it('keeps what the provider said each message cost, next to its id, from one delivery or many (none when it said none); a second delivery keeps the first', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      for (const id of ['m1', 'm2', 'm3', 'm4', 'm5']) await tx.outbox.enqueue(message(id, 1));
    });
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m1', at(30), { channel: 'sms', to: '+254712345678', subject: '(removed)', body: '(removed)', sensitive: true }, 'ATXid_one', 'KES 0.8000');
      await tx.outbox.markAllDelivered([
        { id: 'm2', at: at(31), providerId: 'ATXid_two', providerCost: 'KES 1.6000' },
        { id: 'm3', at: at(32), providerId: 'console:m3' },
        { id: 'm4', at: at(33), providerId: 'ATXid_four', providerCost: 'KES 0.8000' },
      ]);
    });
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m1', at(40), undefined, 'ATXid_again', 'KES 9.0000');
      await tx.outbox.markAllDelivered([{ id: 'm2', at: at(40), providerId: 'ATXid_again', providerCost: 'KES 9.0000' }]);
    });
    const rows = await h.db.selectFrom('outbox').select(['id', 'provider_id', 'provider_cost']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'm1', provider_id: 'ATXid_one', provider_cost: 'KES 0.8000' },
      { id: 'm2', provider_id: 'ATXid_two', provider_cost: 'KES 1.6000' },
      { id: 'm3', provider_id: 'console:m3', provider_cost: null },
      { id: 'm4', provider_id: 'ATXid_four', provider_cost: 'KES 0.8000' },
      { id: 'm5', provider_id: null, provider_cost: null },
    ]);
  });

  it('replaces the payload when asked at delivery (a secret erased once sent), and only then', async () => {
    const h = harness();
    await h.store.transaction((tx) => tx.outbox.enqueue(message('m1', 1)));
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(30), { channel: 'email', to: 'amani@example.com', subject: '(removed)', body: '(removed)' }));
    expect(JSON.parse(String((await row(h, 'm1')).payload))).toEqual({ channel: 'email', to: 'amani@example.com', subject: '(removed)', body: '(removed)' });
    // A late second "delivered" changes nothing, payload included.
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(40), { body: 'other' }));
    expect(JSON.parse(String((await row(h, 'm1')).payload))).toMatchObject({ body: '(removed)' });
  });

  it('ignores a failure, give-up or release from a dispatcher whose lease ran out and whose message was claimed again', async () => {
    const h = harness();
    await h.store.transaction((tx) => tx.outbox.enqueue(message('m1', 1)));
    const [first] = await claim(h, at(30), 10, at(40));
    const [second] = await claim(h, at(41), 10, at(90));
    expect([first?.attempts, second?.attempts]).toEqual([1, 2]);
    await h.store.transaction(async (tx) => {
      await tx.outbox.markFailed('m1', 1, 'late failure', at(42));
      await tx.outbox.markGivenUp('m1', 1, 'late give-up', at(42));
      await tx.outbox.release('m1', 1, at(42));
    });
    expect(await row(h, 'm1')).toMatchObject({ attempts: 2, next_attempt_at: at(90).toISOString(), last_error: null, given_up_at: null, delivered_at: null });
    // The holder of the current lease is heard.
    await h.store.transaction((tx) => tx.outbox.markFailed('m1', 2, 'SMTP 421', at(50)));
    expect(await row(h, 'm1')).toMatchObject({ attempts: 2, next_attempt_at: at(50).toISOString(), last_error: 'SMTP 421' });
  });

  it('extends the leases of messages being sent, only while each claim is the latest, its lease unchanged and the message open; answers which', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      for (const [id, minute] of [['m1', 1], ['m2', 2], ['m3', 3], ['m4', 4], ['m5', 5]] as const) await tx.outbox.enqueue(message(id, minute));
    });
    expect(ids(await claim(h, at(30), 10, at(40)))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // m2 was claimed again by another dispatcher after its lease ran out; m3 went out; m4 was given
    // up on; m5's failure was recorded (its next attempt at minute 45) before the extension came.
    await h.db.updateTable('outbox').set({ attempts: 2 }).where('id', '=', 'm2').execute();
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m3', at(35));
      await tx.outbox.markGivenUp('m4', 1, 'refused', at(35));
      await tx.outbox.markFailed('m5', 1, 'SMTP 421', at(45));
    });
    const held = ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => ({ id, attempt: 1, leaseEnd: at(40) }));
    expect(await h.store.single((tx) => tx.outbox.extendLeases(held, at(60)))).toEqual(['m1']);
    expect(await row(h, 'm1')).toMatchObject({ attempts: 1, next_attempt_at: at(60).toISOString() });
    expect(await row(h, 'm2')).toMatchObject({ attempts: 2, next_attempt_at: at(40).toISOString() });
    expect(await row(h, 'm4')).toMatchObject({ next_attempt_at: at(40).toISOString() });
    expect(await row(h, 'm5')).toMatchObject({ attempts: 1, next_attempt_at: at(45).toISOString(), last_error: 'SMTP 421' });
    // Extended again from where the last extension left it, not from the claim's end.
    expect(await h.store.single((tx) => tx.outbox.extendLeases([{ id: 'm1', attempt: 1, leaseEnd: at(40) }], at(80)))).toEqual([]);
    expect(await h.store.single((tx) => tx.outbox.extendLeases([{ id: 'm1', attempt: 1, leaseEnd: at(60) }], at(80)))).toEqual(['m1']);
    // Not due while extended; nothing to extend is no statement.
    expect(ids(await claim(h, at(50)))).toEqual(['m2', 'm5']);
    expect(await h.store.single((tx) => tx.outbox.extendLeases([], at(90)))).toEqual([]);
  });

  it('takes back a claimed message that was not sent: due again at once, its attempt not counted', async () => {
    const h = harness();
    await h.store.transaction((tx) => tx.outbox.enqueue(message('m1', 1, { attempts: 3, lastError: 'SMTP 421' })));
    const [m1] = await claim(h, at(30));
    await h.store.transaction((tx) => tx.outbox.release('m1', m1?.attempts ?? -1, at(31)));
    expect(await claim(h, at(30))).toEqual([]);
    expect((await claim(h, at(31))).map((m) => m.attempts)).toEqual([4]);
  });

  it('parks a message given up on: never claimed again, its secret erased, listed for an operator; a late delivery still counts', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      await tx.outbox.enqueue(message('m1', 1, { payload: { channel: 'email', to: 'nobody@example.com', subject: 'Code 042917', body: 'Code 042917', sensitive: true } }));
      await tx.outbox.enqueue(message('m2', 2));
      await tx.outbox.enqueue(message('m3', 3));
    });
    const [m1, m2] = await claim(h, at(30), 2);
    await h.store.transaction(async (tx) => {
      await tx.outbox.markGivenUp('m1', m1?.attempts ?? -1, '550 No such user here', at(31), { channel: 'email', to: 'nobody@example.com', subject: '(removed)', body: '(removed)' });
      await tx.outbox.markGivenUp('m2', m2?.attempts ?? -1, 'gave up after 10 attempts: SMTP 421', at(32));
    });
    expect(ids(await claim(h, at(500), 10, at(600)))).toEqual(['m3']);
    expect(JSON.stringify((await row(h, 'm1')).payload)).not.toContain('042917');

    const status = await h.store.read((tx) => tx.outbox.status(at(700), 10));
    expect(status).toMatchObject({ due: 1, waiting: 0, givenUp: 2, delivered: 0, oldestDueAt: at(600) });
    expect(status.givenUpMessages.map((m) => [m.id, m.lastError, m.givenUpAt])).toEqual([
      ['m2', 'gave up after 10 attempts: SMTP 421', at(32)],
      ['m1', '550 No such user here', at(31)],
    ]);
    expect((await h.store.read((tx) => tx.outbox.status(at(700), 1))).givenUpMessages.map((m) => m.id)).toEqual(['m2']);

    // A dispatcher whose send was accepted after all records it: the message went out.
    await h.store.transaction((tx) => tx.outbox.markDelivered('m2', at(33)));
    expect(await row(h, 'm2')).toMatchObject({ delivered_at: at(33).toISOString(), given_up_at: null });
    expect(await h.store.read((tx) => tx.outbox.status(at(700), 10))).toMatchObject({ givenUp: 1, delivered: 1 });
  });

  it('counts the backlog for an operator: due now, waiting (retry later or leased), none due', async () => {
    const h = harness();
    await h.store.transaction(async (tx) => {
      await tx.outbox.enqueue(message('m1', 1));
      await tx.outbox.enqueue(message('m2', 2));
      await tx.outbox.enqueue(message('m3', 3, { nextAttemptAt: at(50) }));
    });
    expect(await h.store.read((tx) => tx.outbox.status(at(30), 10))).toEqual({ due: 2, waiting: 1, givenUp: 0, delivered: 0, oldestDueAt: at(1), givenUpMessages: [] });
    await claim(h, at(30), 1);
    expect(await h.store.read((tx) => tx.outbox.status(at(30), 10))).toMatchObject({ due: 1, waiting: 2, oldestDueAt: at(2) });
    expect(await h.store.read((tx) => tx.outbox.status(at(0), 10))).toMatchObject({ due: 0, waiting: 3, oldestDueAt: null });
  });

  it('never hands a message to a second dispatcher while the first holds it', async () => {
    const h = harness();
    const now = at(30);
    await h.store.transaction(async (tx) => {
      await tx.outbox.enqueue(message('m1', 1));
      await tx.outbox.enqueue(message('m2', 2));
    });
    const claimedByFirst = gate<OutboxMessage[]>();
    const finishFirst = gate();
    const first = h.store.transaction(async (tx) => {
      const mine = await tx.outbox.claimDue(now, 1, at(100));
      claimedByFirst.open(mine);
      await finishFirst.promise;
      for (const m of mine) await tx.outbox.markDelivered(m.id, now);
      return mine;
    });
    expect(ids(await claimedByFirst.promise)).toEqual(['m1']);
    const second = claim(h, now);
    try {
      if (h.dialect === 'postgres') {
        // SKIP LOCKED: the second dispatcher does not wait for the first, it takes the rest.
        expect(ids(await within(second, 5_000, 'the second dispatcher waited for the first (no SKIP LOCKED)'))).toEqual(['m2']);
      }
    } finally {
      // SQLite: the second transaction waits for the first (one writer at a time).
      finishFirst.open();
    }
    expect(ids(await first)).toEqual(['m1']);
    expect(ids(await second)).toEqual(['m2']);
  });

  it('shares a backlog among dispatchers claiming at once: every message claimed exactly once', async () => {
    const h = harness();
    const total = 600;
    await h.store.transaction(async (tx) => {
      for (let i = 0; i < total; i += 1) await tx.outbox.enqueue(message(`m${String(i).padStart(4, '0')}`, i % 20));
    });
    const claimedBy = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const mine: string[] = [];
        for (;;) {
          const batch = await claim(h, at(30), 7, at(100));
          if (batch.length === 0) return mine;
          mine.push(...ids(batch));
        }
      }),
    );
    const all = claimedBy.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    if (h.dialect === 'postgres') expect(claimedBy.filter((mine) => mine.length > 0).length).toBeGreaterThan(1);
    const attempts = await h.db.selectFrom('outbox').select((eb) => eb.fn.max('attempts').as('max')).executeTakeFirstOrThrow();
    expect(Number(attempts.max)).toBe(1);
  });
}
