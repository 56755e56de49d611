import type { OutboxMessage } from '@escrow/core';
import { expect, it } from 'vitest';
import { gate, within } from '../support/expectations.js';
import { at } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './define-store-contract.js';

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
/** Leases run to minute 100 unless a test says otherwise. */
const claim = (h: StoreHarness, now: Date, limit = 10, leaseUntil = at(100)) => h.store.transaction((tx) => tx.outbox.claimDue(now, limit, leaseUntil));

export function outboxContract(harness: HarnessAccess): void {
  it('claims due, undelivered messages oldest first, up to the limit, and leases them', async () => {
    const h = harness();
    const now = at(30);
    const due1 = message('m1', 1);
    const due2 = message('m2', 2, { attempts: 2, lastError: 'smtp timeout', nextAttemptAt: now });
    const later = message('m3', 0, { nextAttemptAt: at(31) });
    const delivered = message('m4', 0, { deliveredAt: at(5), attempts: 1 });
    await h.store.transaction(async (tx) => {
      for (const m of [due2, later, delivered, due1]) await tx.outbox.enqueue(m);
    });
    expect(ids(await claim(h, now, 1))).toEqual(['m1']);
    // m1 is leased now: the next claim gets the rest, returned as it was before the lease.
    expect(await claim(h, now)).toStrictEqual([due2]);
    expect(await claim(h, now)).toEqual([]);
    expect(ids(await claim(h, at(31)))).toEqual(['m3']);
    // When the leases run out (a dispatcher crashed mid-send), the messages are due again.
    expect(ids(await claim(h, at(100), 10, at(200)))).toEqual(['m3', 'm1', 'm2']);
  });

  it('marks a message delivered (never claimed again) or failed (counted and rescheduled)', async () => {
    const h = harness();
    const now = at(30);
    await h.store.transaction(async (tx) => {
      await tx.outbox.enqueue(message('m1', 1));
      await tx.outbox.enqueue(message('m2', 2));
    });
    await h.store.transaction(async (tx) => {
      await tx.outbox.markDelivered('m1', now);
      await tx.outbox.markFailed('m2', 'SMTP 421 try later', at(35));
    });
    expect(await claim(h, at(34))).toEqual([]);
    expect(await claim(h, at(35))).toStrictEqual([message('m2', 2, { attempts: 1, lastError: 'SMTP 421 try later', nextAttemptAt: at(35) })]);

    // A second "delivered" keeps the first delivery time and count.
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(40)));
    const row = await h.db.selectFrom('outbox').select(['delivered_at', 'attempts']).where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(row).toEqual({ delivered_at: now.toISOString(), attempts: 1 });
  });

  it('replaces the payload when asked at delivery (a secret erased once sent), and only then', async () => {
    const h = harness();
    await h.store.transaction((tx) => tx.outbox.enqueue(message('m1', 1)));
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(30), { channel: 'email', to: 'amani@example.com', subject: '(removed)', body: '(removed)' }));
    const row = await h.db.selectFrom('outbox').select(['payload']).where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.payload))).toEqual({ channel: 'email', to: 'amani@example.com', subject: '(removed)', body: '(removed)' });
    // A late second "delivered" changes nothing, payload included.
    await h.store.transaction((tx) => tx.outbox.markDelivered('m1', at(40), { body: 'other' }));
    const again = await h.db.selectFrom('outbox').select(['payload']).where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(JSON.parse(String(again.payload))).toMatchObject({ body: '(removed)' });
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
}
