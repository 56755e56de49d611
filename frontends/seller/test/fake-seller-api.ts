import { actionsFor, cents, progressView, type OrderStatus } from '@escrow/core';
import { vi } from 'vitest';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import type { RiderView, SellerOrderSummary, SellerOrderView } from '../src/shared/orders-api.ts';

/**
 * A stand-in for the seller API in component tests only (the browser tests run against the real
 * server): `fetch` answers GETs from per-path answers, `EventSource` is a fake the test pushes
 * the seller's live events through.
 */
export type FakeAnswer = { readonly status: number; readonly body?: unknown };

export const ORDER_ID = '3f0c1a2b-0000-4000-8000-000000000002';
export const ORDER_PATH = `/api/seller/orders/${ORDER_ID}`;

export const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { data } });

/** The seller's view of an order (core's sellerOrderView), awaiting payment unless told otherwise. */
export function sellerOrder(overrides: Partial<SellerOrderView> & { status?: OrderStatus } = {}): SellerOrderView {
  const status = overrides.status ?? 'awaiting_payment';
  return {
    id: ORDER_ID,
    trackingNumber: 'TRK4H8P2W6',
    itemName: 'Samsung Galaxy A15',
    ...progressView(status),
    paymentMethod: 'mpesa_prepay',
    price: cents(2_500_000),
    serviceFee: cents(62_500),
    sellerPayout: cents(2_437_500),
    riderPayout: cents(30_000),
    deliveryCost: cents(30_000),
    paymentConfirmed: false,
    settlementPaid: false,
    buyerName: 'Wanjiku',
    riderName: null,
    riderPhone: null,
    codeLocked: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    productPhotoUrl: null,
    packagedPhotoUrl: null,
    pickupPhotoUrl: null,
    buyerCashAmount: null,
    buyerPhone: '+254712345678',
    buyerAddress: 'Ngong Road',
    buyerLocale: 'en',
    pinLocationLink: null,
    landmark: null,
    houseNumber: 'B4',
    estate: 'Kilimani',
    pickupLocation: 'Moi Avenue, Nairobi CBD',
    codeSentTo: null,
    deliveryPaidBy: 'buyer',
    feeBasisPoints: 250,
    paymentConfirmedAt: null,
    mpesaReceipt: null,
    paymentBeingVerified: false,
    paymentClaimReceipt: null,
    paymentVerifiedBy: null,
    settledAt: null,
    riderAssignedAt: null,
    riderAcceptedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    cancelledAt: null,
    codeAttempts: 0,
    codeAttemptsLeft: 5,
    codeLockedAt: null,
    estimatedDistanceKm: null,
    estimatedTimeMinutes: null,
    updatedAt: '2026-01-01T09:00:00.000Z',
    links: { buyer: `https://escrow.example/buyer/order/${ORDER_ID}?code=k`, seller: `https://escrow.example/order/${ORDER_ID}`, rider: null },
    seller: { id: 'seller-1', businessName: 'Amani Phones', location: 'Nairobi CBD', phone: '+254700000001' },
    feedback: null,
    refundRequest: null,
    riderPayments: [],
    payout: null,
    // What the server offers the seller, by the core's own table (decision 0062).
    actions: actionsFor(
      {
        status,
        paymentMethod: overrides.paymentMethod ?? 'mpesa_prepay',
        paymentConfirmed: overrides.paymentConfirmed ?? false,
        paymentVerifiedBy: overrides.paymentVerifiedBy ?? null,
        settlementPaid: overrides.settlementPaid ?? false,
        riderPhone: overrides.riderPhone ?? null,
        riderAcceptedAt: overrides.riderAcceptedAt ? new Date(overrides.riderAcceptedAt) : null,
        codeLockedAt: overrides.codeLockedAt ? new Date(overrides.codeLockedAt) : null,
      },
      'seller',
    ),
    ...overrides,
  };
}

/**
 * The same order as a row of the seller's lists (the dashboard's recent orders): the summary's
 * fields only, as core's sellerOrderSummary answers (the contract refuses any other key).
 */
export function sellerOrderSummary(overrides: Partial<SellerOrderView> & { status?: OrderStatus } = {}): SellerOrderSummary {
  const order = sellerOrder(overrides);
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName: order.itemName,
    status: order.status,
    statusLabel: order.statusLabel,
    progressPercent: order.progressPercent,
    steps: order.steps,
    paymentMethod: order.paymentMethod,
    price: order.price,
    serviceFee: order.serviceFee,
    sellerPayout: order.sellerPayout,
    riderPayout: order.riderPayout,
    deliveryCost: order.deliveryCost,
    paymentConfirmed: order.paymentConfirmed,
    settlementPaid: order.settlementPaid,
    buyerName: order.buyerName,
    riderName: order.riderName,
    riderPhone: order.riderPhone,
    codeLocked: order.codeLocked,
    createdAt: order.createdAt,
  };
}

/** A rider of the seller's list as GET /api/seller/riders answers it (core's riderView). */
export function sellerRider(overrides: Partial<RiderView> = {}): RiderView {
  return { id: 'rider-1', name: 'Kamau', phone: '+254733333333', motorbikePlate: 'KMDA 123A', createdAt: '2026-01-01T09:30:00.000Z', ...overrides };
}

/**
 * The development check of every answer against its contract (@escrow/api-client/check-answer)
 * logs a mismatch as a console error starting '[api-client]': a fake that answers what the
 * server never would. `watchContracts()` in a beforeEach starts collecting them; `mismatches()`
 * after the test lists them, once the checks started have run (a test asserts it is empty).
 */
export function watchContracts(): { mismatches: () => Promise<string[]> } {
  const logged: string[] = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.startsWith('[api-client]')) logged.push(text);
    else original(...args);
  });
  return {
    mismatches: async () => {
      // The check is loaded by dynamic import and runs once it is there: let every started check finish.
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return [...logged];
    },
  };
}

export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = 2;
  }
  /** The server's `order.changed` (apps/api/src/http/sse.ts). */
  orderChanged(orderId: string, action: string, status: OrderStatus) {
    this.dispatchEvent(new MessageEvent('order.changed', { data: JSON.stringify({ orderId, status, action, at: new Date().toISOString() }) }));
  }
}

/** Signed in as the order's seller; the order answers `order`, which `setOrder` changes. */
export function fakeSellerApi(order: SellerOrderView) {
  // A new world: nothing read from the last one stays in the page's query cache.
  escrowQueryClient().clear();
  let current = order;
  const answers = (path: string): FakeAnswer => {
    if (path === '/api/auth/session') return ok({ account: { userId: 'user-1', email: 'amani@example.com', roles: [], isAdmin: false, sellerId: 'seller-1' } });
    if (path === ORDER_PATH) return ok(current);
    if (path === '/api/seller/riders') return ok({ riders: [] });
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: `No fake for ${path}` } } };
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const answer = answers(String(input));
    return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
  });
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    setOrder(next: SellerOrderView) {
      current = next;
    },
    live: () => {
      const source = FakeEventSource.instances.at(-1);
      if (!source) throw new Error('The page opened no live stream');
      return source;
    },
  };
}
