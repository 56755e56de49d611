import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignRider, acceptJob, completeDelivery, confirmPayment, confirmPickup, createOrder, unlockDeliveryCode, type Order } from '../../src/index.js';
import { payByPaybill, runScenario } from '../../src/testing/index.js';
import { stepArb, stepsArb } from '../support/arbitraries.js';
import { memoryWorld } from '../support/world.js';

export const SEQUENCE_RUNS = Number(process.env.ESCROW_SEQUENCE_RUNS ?? 1000);

describe('random use-case sequences by random actors', () => {
  it(`keep the ledger balanced, settle at most once, never reach an illegal status, never accept a code in a wrong state (${SEQUENCE_RUNS} sequences)`, async () => {
    let sequences = 0;
    let succeeded = 0;
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(stepsArb(40), async (steps) => {
        sequences += 1;
        const { deps, world, store } = memoryWorld();
        const report = await runScenario(deps, world, steps);
        succeeded += report.outcomes.filter((o) => o.ok).length;
        for (const o of store.state.orders.values()) reached.add(o.status);
        expect(report.violations).toEqual([]);
      }),
      { numRuns: SEQUENCE_RUNS },
    );
    console.info(`[property] ${sequences} random sequences, ${succeeded} successful use-case calls, statuses reached: ${[...reached].sort().join(', ')}`);
    expect(sequences).toBeGreaterThanOrEqual(SEQUENCE_RUNS);
    // The generator must actually drive orders through the whole lifecycle, or the property proves little.
    for (const status of ['awaiting_payment', 'paid', 'rider_assigned', 'in_transit', 'awaiting_settlement', 'settlement_completed', 'completed', 'cancelled']) {
      expect(reached).toContain(status);
    }
  }, 120_000);
});

async function orderInTransit(): Promise<{ ctx: ReturnType<typeof memoryWorld>; order: Order }> {
  const ctx = memoryWorld();
  const seller = { kind: 'seller', sellerId: 'seller-a' } as const;
  const created = await createOrder(ctx.deps, {
    actor: seller,
    input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa', deliveryCost: 300_00 },
  });
  if (!created.ok) throw new Error(created.error.code);
  const id = created.value.id;
  const code = created.value.deliveryCode;
  const must = async <T,>(p: Promise<{ ok: boolean; value?: T; error?: unknown }>) => {
    const r = await p;
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value as T;
  };
  await payByPaybill(ctx.deps, created.value, 'NLJ7RT61SV');
  await must(confirmPayment(ctx.deps, { orderId: id, actor: { kind: 'buyer', deliveryCode: code }, mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
  const assigned = await must<Order>(assignRider(ctx.deps, { orderId: id, actor: seller, rider: { riderId: 'rider-1' } }));
  const rider = { kind: 'rider', phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' } as const;
  await must(acceptJob(ctx.deps, { orderId: id, actor: rider }));
  const order = await must<Order>(confirmPickup(ctx.deps, { orderId: id, actor: rider, pickupPhotoUrl: '/uploads/pickup.jpg' }));
  return { ctx, order };
}

describe('the delivery code lock', () => {
  it('five wrong codes lock the order whatever comes between, until the seller unlocks', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(stepArb.filter((s) => s.kind !== 'unlock' && s.kind !== 'code'), { maxLength: 4 }), { minLength: 5, maxLength: 5 }), async (between) => {
        runs += 1;
        const { ctx, order } = await orderInTransit();
        const rider = { kind: 'rider', phone: order.riderPhone ?? '', key: order.riderKey ?? '' } as const;
        const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
        let counted = 0;
        for (const noise of between) {
          await runScenario(ctx.deps, ctx.world, noise.map((s) => ({ ...s, orderPick: 0 })));
          const current = ctx.store.state.orders.get(order.id);
          if (!current) throw new Error('order vanished');
          const key = current.riderKey ?? '';
          const phone = current.riderPhone ?? '';
          const attempt = await completeDelivery(ctx.deps, { orderId: order.id, actor: { kind: 'rider', phone, key }, code: wrong });
          expect(attempt.ok).toBe(false);
          if (!attempt.ok && attempt.error.code === 'WRONG_DELIVERY_CODE') counted += 1;
        }
        const now = ctx.store.state.orders.get(order.id);
        if (!now) throw new Error('order vanished');
        expect(now.codeAttempts).toBe(counted);
        if (counted === 5) {
          expect(now.codeLockedAt).not.toBeNull();
          const right = await completeDelivery(ctx.deps, { orderId: order.id, actor: { kind: 'rider', phone: now.riderPhone ?? '', key: now.riderKey ?? '' }, code: now.deliveryCode });
          expect(right).toMatchObject({ ok: false, error: { code: 'DELIVERY_CODE_LOCKED' } });
          expect(ctx.store.state.orders.get(order.id)?.status).toBe(now.status);
        }
        void rider;
      }),
      { numRuns: 200 },
    );
    expect(runs).toBe(200);
  }, 120_000);

  it('locks on exactly the fifth wrong code, refuses the right code, and opens again after the seller unlocks', async () => {
    const { ctx, order } = await orderInTransit();
    const rider = { kind: 'rider', phone: order.riderPhone ?? '', key: order.riderKey ?? '' } as const;
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const left: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await completeDelivery(ctx.deps, { orderId: order.id, actor: rider, code: wrong });
      if (r.ok || r.error.code !== 'WRONG_DELIVERY_CODE') throw new Error(`attempt ${i + 1}: ${JSON.stringify(r)}`);
      left.push(r.error.attemptsLeft ?? -1);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await completeDelivery(ctx.deps, { orderId: order.id, actor: rider, code: order.deliveryCode })).toMatchObject({ ok: false, error: { code: 'DELIVERY_CODE_LOCKED' } });
    expect(ctx.store.state.codeAttempts.filter((a) => a.orderId === order.id)).toHaveLength(5);
    expect(await unlockDeliveryCode(ctx.deps, { orderId: order.id, actor: { kind: 'seller', sellerId: 'seller-b' } })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    expect(await unlockDeliveryCode(ctx.deps, { orderId: order.id, actor: { kind: 'seller', sellerId: 'seller-a' } })).toMatchObject({ ok: true });
    const done = await completeDelivery(ctx.deps, { orderId: order.id, actor: rider, code: order.deliveryCode });
    expect(done).toMatchObject({ ok: true, value: { status: 'awaiting_settlement' } });
  });
});
