import { catalogue, computeOrderMoney, feePolicy, type Cents } from '@escrow/core';
import { parseKshToCents } from '@escrow/core/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, ORDER_FORM, openSellerWorld, type SellerSession, type SellerWorld } from './seller-world.js';

/**
 * GET /api/seller/fee-policy feeds the create-order screen's preview, which runs core's
 * `computeOrderMoney` in the browser. These tests hold the preview to the server: the policy
 * answered is the one the server charges, and the preview on it equals the created order.
 */
describe.each(DIALECTS)('seller fee policy on %s', (dialect) => {
  let world: SellerWorld;
  let seller: SellerSession;
  beforeAll(async () => {
    // A policy other than the default, so a preview on a baked-in 2.5% would be caught.
    world = await openSellerWorld(dialect, { env: { FEE_BASIS_POINTS: '300' } });
    seller = await world.seller('Amani Phones');
  });
  afterAll(async () => world?.dispose());

  const preview = (feeBasisPoints: number, form: { price: string; deliveryCost: string; deliveryPaidBy: 'buyer' | 'seller' }) => {
    const policy = feePolicy(feeBasisPoints);
    if (!policy.ok) throw new Error('bad policy');
    return computeOrderMoney({
      price: parseKshToCents(form.price) as Cents,
      deliveryCost: parseKshToCents(form.deliveryCost) as Cents,
      deliveryPaidBy: form.deliveryPaidBy,
      policy: policy.value,
    });
  };

  it('answers the configured policy to a seller, and nothing to anyone else', async () => {
    const reply = await world.call('GET', '/api/seller/fee-policy', { cookie: seller.cookie });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body.data).toEqual({ feeBasisPoints: 300 });
    expect((await world.call('GET', '/api/seller/fee-policy')).status).toBe(401);
    const noSeller = await world.call('GET', '/api/seller/fee-policy', { cookie: (await world.account()).cookie });
    expect(noSeller.status).toBe(404);
    expect(noSeller.body.error?.message).toBe(catalogue.seller.sellerNotFound);
  });

  it("the preview on the answered policy equals the server's figures, to the cent, for either payer", async () => {
    const { feeBasisPoints } = (await world.call('GET', '/api/seller/fee-policy', { cookie: seller.cookie })).body.data as { feeBasisPoints: number };
    const forms = [
      { price: '65000.00', deliveryCost: '300', deliveryPaidBy: 'buyer' as const },
      { price: '1499.99', deliveryCost: '250.50', deliveryPaidBy: 'seller' as const },
      { price: '0.17', deliveryCost: '0', deliveryPaidBy: 'seller' as const },
      { price: '333.33', deliveryCost: '323.33', deliveryPaidBy: 'seller' as const },
    ];
    for (const form of forms) {
      const expected = preview(feeBasisPoints, form);
      if (!expected.ok) throw new Error(`preview refused ${JSON.stringify(form)}`);
      const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, json: { ...ORDER_FORM, ...form } });
      expect(created.status, created.text).toBe(201);
      const order = created.body.data.order as Record<string, unknown>;
      expect({ serviceFee: order['serviceFee'], sellerPayout: order['sellerPayout'], riderPayout: order['riderPayout'], feeBasisPoints: order['feeBasisPoints'] }).toEqual({
        serviceFee: expected.value.serviceFee,
        sellerPayout: expected.value.sellerPayout,
        riderPayout: expected.value.riderPayout,
        feeBasisPoints,
      });
    }
  });

  it('the preview refuses exactly what the server refuses: a seller-paid delivery above the price minus the fee', async () => {
    const { feeBasisPoints } = (await world.call('GET', '/api/seller/fee-policy', { cookie: seller.cookie })).body.data as { feeBasisPoints: number };
    // 3% of 1,000.00 is 30.00: 970.00 fits, 970.01 does not.
    for (const [deliveryCost, fits] of [['970.00', true], ['970.01', false]] as const) {
      const form = { price: '1000', deliveryCost, deliveryPaidBy: 'seller' as const };
      expect(preview(feeBasisPoints, form).ok).toBe(fits);
      const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, json: { ...ORDER_FORM, ...form } });
      if (fits) expect(created.status, created.text).toBe(201);
      else {
        expect(created.status).toBe(400);
        expect(created.body.error?.message).toBe(catalogue.errors.deliveryCostExceedsProceeds);
      }
    }
  });
});
