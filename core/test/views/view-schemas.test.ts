import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminOrderListRowView,
  adminOrderView,
  buyerOrderView,
  createOrder,
  ORDER_STATUSES,
  payoutDetailsFromSignup,
  publicTrackingView,
  riderJobSummary,
  riderJobView,
  sellerOrderView,
  sellerProfileView,
  type Order,
  type Result,
} from '../../src/index.js';
import {
  adminOrdersAnswerSchema,
  adminOrderViewSchema,
  buyerOrderAnswerSchema,
  publicTrackingViewSchema,
  riderJobsAnswerSchema,
  riderJobViewSchema,
  sellerOrderViewSchema,
  sellerProfileViewSchema,
} from '../../src/view-schemas/index.js';
import { memoryWorld } from '../support/world.js';

// The schemas' types are held to the views by the compiler (view-schemas/exact.ts); this holds
// what types cannot say (ISO times, whole cents, the enums' values) to the views the core builds.

const must = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
};

/** As the browser reads it. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function accepts(schema: { safeParse(data: unknown): { success: boolean; error?: { issues: readonly unknown[] } } }, value: unknown): void {
  const parsed = schema.safeParse(overTheWire(value));
  expect(parsed.error?.issues ?? []).toEqual([]);
}

async function anOrder(): Promise<Order> {
  const w = memoryWorld();
  return must(
    await createOrder(w.deps, {
      actor: { kind: 'seller', sellerId: 'seller-a' },
      input: { itemName: 'Galaxy S23', price: 90_000_00, buyerName: 'Njeri Kamau', buyerPhone: '0722000111', buyerAddress: 'Lavington', deliveryCost: 250_00, estate: 'Lavington' },
    }),
  );
}

const SELLER = { id: 'seller-a', userId: 'user-a', businessName: 'Amani Phones', location: 'Westlands', phone: '+254711111111', email: null, notifyBySms: true, notifyByEmail: true, payoutDetails: payoutDetailsFromSignup('direct_mpesa', '+254711111111') };

describe('view schemas accept the views the core builds', () => {
  it('every caller view of an order, in every status, with and without a rider', async () => {
    const order = await anOrder();
    const links = { buyer: 'https://x/buyer', seller: 'https://x/order', rider: null };
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.boolean(), (status, withRider) => {
        const o: Order = { ...order, status, ...(withRider ? { riderPhone: '+254733333333', riderName: 'Kamau', riderKey: 'k', riderAcceptedAt: new Date() } : {}) };
        accepts(publicTrackingViewSchema, publicTrackingView(o));
        accepts(buyerOrderAnswerSchema, { ...buyerOrderView(o, { sellerBusinessName: 'Amani Phones', feedback: null, refundRequested: false, paybill: { businessNumber: '522533', accountName: 'Escrow' }, holdsCode: withRider }), mpesaPrompt: true });
        accepts(riderJobViewSchema, riderJobView(o, SELLER));
        accepts(riderJobsAnswerSchema, { jobs: [riderJobSummary(o, SELLER)] });
        accepts(sellerOrderViewSchema, sellerOrderView(o, { seller: SELLER, feedback: null, openRefundRequest: null, riderPayments: [], links }));
        accepts(adminOrderViewSchema, adminOrderView(o, 'Amani Phones'));
        const row = adminOrderListRowView({ ...o, sellerBusinessName: null, sellerPaymentMethod: null, sellerPaymentNumber: null, paymentClaimedAt: null });
        accepts(adminOrdersAnswerSchema, { orders: [{ ...row, payouts: [] }], total: 1, page: 1, pageSize: 20, payoutMode: 'manual' });
      }),
      { numRuns: 40 },
    );
  });

  it("the seller's profile", () => {
    const now = new Date('2026-01-01T09:00:00Z');
    const profile = { ...SELLER, businessProfile: null, whatsapp: null, logoUrl: null, about: null, paymentMethod: 'direct_mpesa' as const, paymentNumber: '+254711111111', termsAccepted: true, termsAcceptedAt: now, createdAt: now, updatedAt: now };
    accepts(sellerProfileViewSchema, sellerProfileView(profile, now));
  });

  it('refuses an answer that is not its view: money in shillings with a fraction, a time that is not ISO, a field too many', async () => {
    const view = overTheWire(adminOrderView(await anOrder(), null)) as Record<string, unknown>;
    expect(adminOrderViewSchema.safeParse({ ...view, price: 900.5 }).success).toBe(false);
    expect(adminOrderViewSchema.safeParse({ ...view, createdAt: 'yesterday' }).success).toBe(false);
    expect(adminOrderViewSchema.safeParse({ ...view, deliveryCode: '123456' }).success).toBe(false);
    expect(adminOrderViewSchema.safeParse(view).success).toBe(true);
  });
});
