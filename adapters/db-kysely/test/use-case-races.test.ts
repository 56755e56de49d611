import {
  acceptJob,
  assignRider,
  checkOrderAgainstLedger,
  completeDelivery,
  confirmPayment,
  confirmPickup,
  confirmSettlement,
  createOrder,
  type Actor,
  type EscrowDeps,
  type Order,
  type Result,
} from '@escrow/core';
import { payByPaybill } from '@escrow/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { escrowWorld } from './support/escrow-world.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, sqliteTarget, type StoreHarness, type StoreTarget } from './support/store-harness.js';

/**
 * PRODUCT-DECISIONS: "Settlement happens exactly once, whatever is retried or raced." Twenty
 * callers at once, each on its own pooled connection on PostgreSQL: exactly one wins, the
 * rest get a coded error (not an exception), and the ledger holds exactly one posting.
 */
const RACERS = 20;
const postgres = await postgresForTests('use-case races');
const targets: StoreTarget[] = [...(postgres.available ? [postgresTarget(postgres.url)] : []), sqliteTarget];

async function must<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`setup step failed: ${r.error.code} ${r.error.detail ?? ''}`);
  return r.value;
}

async function orderInTransit(deps: EscrowDeps, sellerId: string, riderId: string): Promise<{ order: Order; rider: Actor }> {
  const seller: Actor = { kind: 'seller', sellerId };
  const created = await must(
    createOrder(deps, {
      actor: seller,
      input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa', deliveryCost: 300_00, deliveryPaidBy: 'seller' },
    }),
  );
  await payByPaybill(deps, created, 'NLJ7RT61SV');
  await must(confirmPayment(deps, { orderId: created.id, actor: { kind: 'buyer', deliveryCode: created.deliveryCode }, mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
  const assigned = await must(assignRider(deps, { orderId: created.id, actor: seller, rider: { riderId } }));
  const rider: Actor = { kind: 'rider', phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' };
  await must(acceptJob(deps, { orderId: created.id, actor: rider }));
  const order = await must(confirmPickup(deps, { orderId: created.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/p.jpg' }));
  expect(order.status).toBe('in_transit');
  return { order, rider };
}

/** Every racer must answer (no thrown error); returns the successes and the failure codes. */
async function race(run: () => Promise<Result<Order>>): Promise<{ wins: Order[]; losses: string[] }> {
  const settled = await Promise.allSettled(Array.from({ length: RACERS }, run));
  const rejected = settled.filter((s) => s.status === 'rejected');
  expect(rejected, 'a racer threw instead of answering with a coded error').toEqual([]);
  const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  return {
    wins: results.flatMap((r) => (r.ok ? [r.value] : [])),
    losses: results.flatMap((r) => (r.ok ? [] : [r.error.code])),
  };
}

let h: StoreHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe.each(targets.map((t) => [t.name, t] as const))('%s: racing use cases', (_name, target) => {
  it(`${RACERS} simultaneous deliveries with the right code release escrow once; ${RACERS} simultaneous settlements pay out once`, async () => {
    h = await target.open({ poolSize: RACERS });
    const store = h.store;
    const { deps, world } = await escrowWorld(h);
    const { order, rider } = await orderInTransit(deps, world.sellers[0], world.listedRiderId);
    const postingsOf = async (kind: string) => (await store.read((tx) => tx.ledger.listByOrder(order.id))).filter((p) => p.kind === kind);

    const deliveries = await race(() => completeDelivery(deps, { orderId: order.id, actor: rider, code: order.deliveryCode }));
    expect(deliveries.wins).toHaveLength(1);
    expect(deliveries.wins[0]?.status).toBe('awaiting_settlement');
    // Every loser waited for the winner's row lock and then saw the delivered order (without the
    // lock they would have read the old row and lost on the version check: CONCURRENT_UPDATE).
    expect(new Set(deliveries.losses)).toEqual(new Set(['TRANSITION_NOT_ALLOWED']));
    expect(await postingsOf('delivery_release')).toHaveLength(1);

    const admin: Actor = { kind: 'admin', userId: 'admin-1' };
    const settlements = await race(() => confirmSettlement(deps, { orderId: order.id, actor: admin, reference: 'PAYOUT-1' }));
    expect(settlements.wins).toHaveLength(1);
    // The losers waited for the winner's row lock and then saw the settled order.
    expect(new Set(settlements.losses)).toEqual(new Set(['ALREADY_SETTLED']));
    expect(await postingsOf('settlement_out')).toHaveLength(1);

    const final = await store.read((tx) => tx.orders.get(order.id));
    expect(final).toMatchObject({ status: 'settlement_completed', settlementPaid: true, settlementReference: 'PAYOUT-1' });
    const postings = await store.read((tx) => tx.ledger.listByOrder(order.id));
    expect(postings.map((p) => p.kind)).toEqual(['payment_in', 'delivery_release', 'settlement_out']);
    expect(checkOrderAgainstLedger(final as Order, postings)).toEqual([]);
    const events = await store.read((tx) => tx.events.listByOrder(order.id));
    expect(events.filter((e) => e.action === 'complete_delivery')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'confirm_settlement')).toHaveLength(1);
  });
});
