import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  adminOrderListRowView,
  adminOrderView,
  authorize,
  buyerOrderView,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  planTransition,
  riderJobView,
  sellerOrderView,
  TRANSITIONS,
  type Actor,
  type ActorKind,
  type Order,
  type OrderAction,
  type OrderStatus,
  type PaymentMethod,
} from '../../src/index.js';

const at = new Date('2026-11-30T08:00:00.000Z');

/** An order of `facts` (every other field fixed): seller-a's, a rider's phone and key when it has a rider. */
function orderOf(facts: { status: OrderStatus; paymentMethod: PaymentMethod; paymentConfirmed: boolean; verified: boolean; settlementPaid: boolean; rider: 'none' | 'assigned' | 'accepted'; codeLocked: boolean }): Order {
  const rider = facts.rider !== 'none';
  return {
    id: 'order-1',
    sellerId: 'seller-a',
    trackingNumber: 'K7M2Q9RX4T',
    itemName: 'Galaxy S23',
    price: 90_000_00,
    productPhotoUrl: null,
    packagedPhotoUrl: null,
    pickupPhotoUrl: null,
    paymentMethod: facts.paymentMethod,
    buyerCashAmount: facts.paymentMethod === 'cash' ? 90_000_00 : null,
    buyerName: 'Njeri',
    buyerPhone: '+254722000111',
    buyerAddress: 'Lavington',
    pinLocationLink: null,
    landmark: null,
    houseNumber: null,
    estate: null,
    pickupLocation: 'Westlands',
    deliveryCode: '482913',
    deliveryCost: 250_00,
    deliveryPaidBy: 'buyer',
    feeBasisPoints: 250,
    serviceFee: 2_250_00,
    sellerPayout: 87_750_00,
    riderPayout: 250_00,
    status: facts.status,
    paymentConfirmed: facts.paymentConfirmed,
    paymentConfirmedAt: facts.paymentConfirmed ? at : null,
    mpesaReceipt: facts.paymentConfirmed ? 'NLJ7RT61SV' : null,
    paymentVerifiedBy: facts.verified ? 'stk_query' : null,
    paymentReceived: null,
    paymentClaimedAt: null,
    paymentClaimReceipt: null,
    buyerViewKey: 'AbCdEfGhIjKlMnOpQrStUv',
    payerPhone: null,
    payerToken: 'payer-token',
    termsAcceptedAt: null,
    settlementPaid: facts.settlementPaid,
    settledAt: facts.settlementPaid ? at : null,
    settlementReference: null,
    riderName: rider ? 'Kamau' : null,
    riderPhone: rider ? '+254733333333' : null,
    riderKey: rider ? 'rider-key' : null,
    riderAssignedAt: rider ? at : null,
    riderAcceptedAt: facts.rider === 'accepted' ? at : null,
    pickedUpAt: null,
    deliveredAt: null,
    cancelledAt: null,
    codeAttempts: facts.codeLocked ? 5 : 0,
    codeLockedAt: facts.codeLocked ? at : null,
    estimatedDistanceKm: null,
    estimatedTimeMinutes: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  } as Order;
}

/** Every combination of the facts the table reads: 11 statuses x 3 methods x 48 = 1,584 orders. */
const ORDERS: readonly Order[] = ORDER_STATUSES.flatMap((status) =>
  PAYMENT_METHODS.flatMap((paymentMethod) =>
    [false, true].flatMap((paymentConfirmed) =>
      [false, true].flatMap((verified) =>
        [false, true].flatMap((settlementPaid) =>
          (['none', 'assigned', 'accepted'] as const).flatMap((rider) => [false, true].map((codeLocked) => orderOf({ status, paymentMethod, paymentConfirmed, verified, settlementPaid, rider, codeLocked }))),
        ),
      ),
    ),
  ),
);

/** The caller each view is built for; the rider only where the order has one (no rider sees a job view otherwise). */
const VIEWERS: readonly { name: string; actor: (o: Order) => Actor | null; kind: ActorKind; holdsCode?: boolean }[] = [
  { name: 'seller', kind: 'seller', actor: () => ({ kind: 'seller', sellerId: 'seller-a' }) },
  { name: 'admin', kind: 'admin', actor: () => ({ kind: 'admin', userId: 'admin-1' }) },
  { name: 'buyer with the code', kind: 'buyer', holdsCode: true, actor: (o) => ({ kind: 'buyer', viewKey: o.buyerViewKey, payerToken: 'payer-token' }) },
  { name: 'buyer with the shared link', kind: 'buyer', holdsCode: false, actor: (o) => ({ kind: 'buyer', viewKey: o.buyerViewKey }) },
  { name: 'assigned rider', kind: 'rider', actor: (o) => (o.riderPhone && o.riderKey ? { kind: 'rider', phone: o.riderPhone, key: o.riderKey, phoneProven: true } : null) },
];

const describeOrder = (o: Order) =>
  `${o.status}/${o.paymentMethod} confirmed=${o.paymentConfirmed} verified=${o.paymentVerifiedBy !== null} settled=${o.settlementPaid} rider=${o.riderPhone === null ? 'none' : o.riderAcceptedAt ? 'accepted' : 'assigned'} locked=${o.codeLockedAt !== null}`;

describe('the actions a view offers', () => {
  it.each(VIEWERS)("are, for the $name, exactly the requests the server's checks (authorize, then the transition table) let through, for every status and fact", ({ actor, kind, holdsCode }) => {
    let compared = 0;
    for (const order of ORDERS) {
      const caller = actor(order);
      if (caller === null) continue;
      const server = ORDER_ACTIONS.filter((action) => authorize(order, caller, action).ok && planTransition(order, action).ok);
      expect(actionsFor(order, kind, holdsCode === undefined ? {} : { holdsCode }), describeOrder(order)).toEqual(server);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it("never name an action the table does not give the caller's kind, nor one from a status the table does not start it from", () => {
    for (const order of ORDERS) {
      for (const kind of ['seller', 'admin', 'buyer', 'rider', 'system'] as const) {
        for (const action of actionsFor(order, kind, { holdsCode: true })) {
          expect(TRANSITIONS[action].actors).toContain(kind);
          expect(TRANSITIONS[action].from(order.paymentMethod)).toContain(order.status);
        }
      }
    }
  });

  it('offer each action in some state: no button is dead', () => {
    const offered = new Set<OrderAction>();
    for (const order of ORDERS) for (const kind of ['seller', 'admin', 'buyer', 'rider', 'system'] as const) for (const a of actionsFor(order, kind, { holdsCode: true })) offered.add(a);
    expect([...offered].sort()).toEqual([...ORDER_ACTIONS].sort());
  });

  const facts = { paymentConfirmed: true, verified: true, settlementPaid: false, rider: 'none', codeLocked: false } as const;
  it.each([
    ['a prepaid order awaiting payment', { ...facts, status: 'awaiting_payment', paymentMethod: 'mpesa_prepay', paymentConfirmed: false, verified: false }, { seller: ['unlock_code', 'cancel'], buyer: ['confirm_payment', 'claim_payment'], admin: ['confirm_payment', 'verify_payment', 'unlock_code'] }],
    ['a paid order', { ...facts, status: 'paid', paymentMethod: 'mpesa_prepay' }, { seller: ['assign_rider', 'unlock_code', 'request_refund'], buyer: ['claim_payment', 'request_refund', 'resend_code'], admin: ['unlock_code', 'refund', 'reject_refund'] }],
    ['a job not accepted yet', { ...facts, status: 'rider_assigned', paymentMethod: 'mpesa_prepay', rider: 'assigned' }, { rider: ['accept_job', 'request_refund'] }],
    ['an accepted job', { ...facts, status: 'rider_assigned', paymentMethod: 'mpesa_prepay', rider: 'accepted' }, { rider: ['accept_job', 'confirm_pickup', 'request_refund'] }],
    ['a job on the way with the code locked', { ...facts, status: 'in_transit', paymentMethod: 'mpesa_prepay', rider: 'accepted', codeLocked: true }, { rider: ['request_refund', 'record_rider_payment'], seller: ['assign_rider', 'remove_rider', 'unlock_code', 'request_refund'] }],
    ['a cash job on the way', { ...facts, status: 'in_transit', paymentMethod: 'cash', paymentConfirmed: false, verified: false, rider: 'accepted' }, { rider: ['complete_delivery', 'record_rider_payment'], buyer: ['resend_code'] }],
    ['a delivered order paid on a receipt never verified', { ...facts, status: 'awaiting_settlement', paymentMethod: 'mpesa_prepay', verified: false, rider: 'accepted' }, { admin: ['reject_refund'], buyer: ['claim_payment', 'submit_feedback'] }],
    ['a delivered, verified order', { ...facts, status: 'awaiting_settlement', paymentMethod: 'mpesa_prepay', rider: 'accepted' }, { admin: ['confirm_settlement', 'reject_refund'], seller: [] }],
  ] as const)('for %s are as the decisions say', (_name, order, expected) => {
    for (const [kind, actions] of Object.entries(expected)) {
      expect(actionsFor(orderOf(order), kind as ActorKind, { holdsCode: true }), kind).toEqual(actions);
    }
  });
});

describe('the views', () => {
  it("carry the actions of their own caller: seller, buyer (with and without the code), rider and admin (one order, and the list's row)", () => {
    for (const order of ORDERS) {
      const links = { buyer: 'b', seller: 's', rider: null };
      expect(sellerOrderView(order, { seller: null, feedback: null, openRefundRequest: null, riderPayments: [], links }).actions).toEqual(actionsFor(order, 'seller'));
      for (const holdsCode of [false, true]) {
        const view = buyerOrderView(order, { sellerBusinessName: null, feedback: null, refundRequested: false, paybill: {}, holdsCode });
        expect(view.actions).toEqual(actionsFor(order, 'buyer', { holdsCode }));
      }
      expect(riderJobView(order, null).actions).toEqual(actionsFor(order, 'rider'));
      const admin = adminOrderView(order, null);
      expect(admin.actions).toEqual(actionsFor(order, 'admin'));
      expect(admin.canMarkPaid).toBe(admin.actions.includes('confirm_settlement'));
      const row = adminOrderListRowView({ ...order, sellerBusinessName: null, sellerPaymentMethod: null, sellerPaymentNumber: null });
      expect(row.actions).toEqual(admin.actions);
      expect(row.canMarkPaid).toBe(admin.canMarkPaid);
    }
  });

  it("offer Mark Paid exactly for delivered orders not yet settled whose payment M-Pesa verified, or cash (the rule the screens used to write out)", () => {
    for (const order of ORDERS) {
      const written = order.status === 'awaiting_settlement' && !order.settlementPaid && (order.paymentMethod === 'cash' || order.paymentVerifiedBy !== null);
      expect(adminOrderView(order, null).canMarkPaid, describeOrder(order)).toBe(written);
    }
  });
});
