import { confirmSettlement, requestRefund, resolveRefund, sellerDashboardFigures, submitFeedback, cancelOrder, type Order } from '@escrow/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, payoutReference } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, type SellerSession, type SellerWorld } from './seller-world.js';

type Fate = 'unpaid' | 'cancelled' | 'paid' | 'assigned' | 'in_transit' | 'delivered' | 'rated' | 'settled' | 'settled_rated' | 'refunded' | 'cash_completed';
const FATES: readonly Fate[] = ['unpaid', 'cancelled', 'paid', 'assigned', 'in_transit', 'delivered', 'rated', 'settled', 'settled_rated', 'refunded', 'cash_completed'];

/**
 * Spec section 9 computed by the database (one aggregate) must equal the core's rule computed in
 * JavaScript over the very same orders and feedback, on both databases, whatever mix of orders.
 */
describe.each(DIALECTS)('seller dashboard figures on %s', (dialect) => {
  let world: SellerWorld;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
  });
  afterAll(async () => world?.dispose());

  const admin = { kind: 'admin', userId: 'dashboard-test-admin' } as const;

  async function make(seller: SellerSession, fate: Fate, price: number, rating: number): Promise<void> {
    const buyer = (o: Order) => ({ kind: 'buyer', deliveryCode: o.deliveryCode }) as const;
    const input = { price, deliveryCost: 150_00 };
    if (fate === 'unpaid') return void (await world.order(seller, input));
    if (fate === 'cancelled') return void must(await cancelOrder(world.deps, { orderId: (await world.order(seller, input)).id, actor: seller.actor }));
    if (fate === 'paid') return void (await world.paid(seller, input));
    if (fate === 'refunded') {
      const order = await world.paid(seller, input);
      const request = must(await requestRefund(world.deps, { orderId: order.id, actor: buyer(order), reason: 'Never arrived on time' }));
      return void must(await resolveRefund(world.deps, { refundId: request.id, actor: admin, resolution: { decision: 'refund', mpesaReference: payoutReference() } }));
    }
    if (fate === 'assigned') return void (await world.assigned(seller));
    if (fate === 'in_transit') return void (await world.inTransit(seller));
    if (fate === 'cash_completed') {
      const order = await world.order(seller, { ...input, paymentMethod: 'cash', buyerCashAmount: price });
      const { assignRider, acceptJob, confirmPickup, completeDelivery } = await import('@escrow/core');
      const assigned = must(await assignRider(world.deps, { orderId: order.id, actor: seller.actor, rider: { name: 'Cash Rider', phone: '0799000111' } }));
      const rider = { kind: 'rider', phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' } as const;
      must(await acceptJob(world.deps, { orderId: order.id, actor: rider }));
      must(await confirmPickup(world.deps, { orderId: order.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/c.png' }));
      return void must(await completeDelivery(world.deps, { orderId: order.id, actor: rider, code: order.deliveryCode }));
    }
    const { order } = await world.delivered(seller);
    if (fate === 'rated' || fate === 'settled_rated') must(await submitFeedback(world.deps, { orderId: order.id, actor: buyer(order), riderRating: 5, sellerRating: rating, comment: null }));
    if (fate === 'settled' || fate === 'settled_rated') must(await confirmSettlement(world.deps, { orderId: order.id, actor: admin }));
  }

  async function expected(seller: SellerSession) {
    const db = world.composed.database.db;
    const orders = await world.deps.store.read((tx) => tx.orders.listBySeller(seller.sellerId, { limit: 10_000, offset: 0 }));
    const ratings = await db.selectFrom('feedback').innerJoin('orders', 'orders.id', 'feedback.order_id').select('feedback.seller_rating').where('orders.seller_id', '=', seller.sellerId).execute();
    return sellerDashboardFigures(orders, ratings.map((r) => Number(r.seller_rating)));
  }

  it('a new seller has all-zero figures and no rating', async () => {
    const seller = await world.seller('Empty Shop');
    const reply = await world.call('GET', '/api/seller/dashboard', { cookie: seller.cookie });
    expect(reply.body.data).toEqual({
      stats: { totalOrders: 0, pendingOrders: 0, completedOrders: 0, settledOrders: 0, revenue: 0, averageOrderValue: 0, completionRateBasisPoints: 0, sellerRatingCount: 0, averageSellerRatingTenths: null, completionRatePercent: 0, averageSellerRating: null },
      recentOrders: [],
    });
  });

  it('one of every fate: the SQL figures equal the JavaScript rule, and the spec arithmetic holds', async () => {
    const seller = await world.seller('Every Fate Ltd');
    for (const [i, fate] of FATES.entries()) await make(seller, fate, 10_000_00 + i * 333_33, (i % 5) + 1);
    const reply = await world.call('GET', '/api/seller/dashboard', { cookie: seller.cookie });
    const stats = reply.body.data.stats;
    const reference = await expected(seller);
    expect(stats).toMatchObject(reference);
    // Spec section 9, spelled out on the stored orders.
    const orders = await world.deps.store.read((tx) => tx.orders.listBySeller(seller.sellerId, { limit: 100, offset: 0 }));
    const settled = orders.filter((o) => o.status === 'settlement_completed');
    const revenue = settled.reduce((sum, o) => sum + o.sellerPayout, 0);
    expect(stats.totalOrders).toBe(FATES.length);
    // Payment unconfirmed and not cancelled; a finished cash order is not pending either (decision 0020).
    expect(stats.pendingOrders).toBe(orders.filter((o) => !o.paymentConfirmed && o.status !== 'cancelled' && o.status !== 'completed').length);
    expect(stats.pendingOrders).toBe(1);
    expect(stats.revenue).toBe(revenue);
    expect(stats.settledOrders).toBe(2);
    expect(stats.completedOrders).toBe(3);
    expect(stats.averageOrderValue).toBe(Math.round(revenue / 2));
    expect(stats.completionRatePercent).toBe(27.27);
    expect(stats.sellerRatingCount).toBe(2);
    expect(reply.body.data.recentOrders).toHaveLength(10);
  });

  it('rounds in the database exactly as the rule does: ratings 4, 4, 4, 5 average 4.3; revenue 3 orders -> half-up cents', async () => {
    const seller = await world.seller('Rounding Shop');
    for (const rating of [4, 4, 4, 5]) await make(seller, 'rated', 1_000_00, rating);
    for (const price of [1_000_01, 1_000_02, 1_000_04]) await make(seller, 'settled', price, 5);
    const stats = (await world.call('GET', '/api/seller/dashboard', { cookie: seller.cookie })).body.data.stats;
    expect(stats).toMatchObject({ sellerRatingCount: 4, averageSellerRatingTenths: 43, averageSellerRating: 4.3, settledOrders: 3 });
    expect(stats).toMatchObject(await expected(seller));
  });

  it('random mixes of orders and ratings: SQL and JavaScript agree to the cent and the tenth', { timeout: 120_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ fate: fc.constantFrom(...FATES), price: fc.integer({ min: 200_00, max: 2_000_000_00 }), rating: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 9 }),
        async (plan) => {
          run += 1;
          const seller = await world.seller(`Random Shop ${run}`);
          for (const step of plan) await make(seller, step.fate, step.price, step.rating);
          const reply = await world.call('GET', '/api/seller/dashboard', { cookie: seller.cookie });
          expect(reply.body.data.stats).toMatchObject(await expected(seller));
        },
      ),
      { numRuns: 8 },
    );
  });
});
