import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createEscrowQueryClient, EscrowQueryProvider } from '@escrow/api-client/query-client';
import { actionsFor, payoutStateLabel } from '@escrow/core';
import { AdminScreenContext, type AdminScreen } from '../src/shared/admin-context.ts';
import type { AdminOrder, AdminOrderDetail, AdminPayout, AdminRefundRequest } from '../src/shared/admin-types.ts';

/**
 * A stand-in for the admin API in component tests only (the browser tests run against the real
 * server): `fetch` answers from per-route handlers and records every request.
 */
export type FakeAnswer = { readonly status: number; readonly body?: unknown } | 'network-failure';

export const ORDER_ID = '3f0c1a2b-0000-4000-8000-000000000003';
export const ORDER_PATH = `/api/admin/orders/${ORDER_ID}`;
export const SETTLEMENT_PATH = `${ORDER_PATH}/settlement`;

export const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { data } });
export const failure = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { error: { code, message } } });

/** What the server offers an admin on such an order, by the core's own table (decision 0062). */
function adminActions(order: Omit<AdminOrder, 'actions'> | Omit<AdminOrderDetail, 'actions'>): AdminOrder['actions'] {
  return actionsFor(
    {
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentConfirmed: order.paymentConfirmed,
      paymentVerifiedBy: order.paymentVerifiedBy,
      settlementPaid: order.settlementPaid,
      riderPhone: order.riderPhone,
      riderAcceptedAt: null,
      codeLockedAt: null,
    },
    'admin',
  );
}

/** What a row of the orders list and an order's page share (core's adminOrderListRowView and adminOrderView). */
const ORDER_FIELDS = {
  id: ORDER_ID,
  trackingNumber: 'TRK9D3F7J1',
  itemName: 'Samsung Galaxy A15',
  sellerId: '3f0c1a2b-0000-4000-8000-0000000000s1',
  sellerBusinessName: 'Amani Phones',
  buyerName: 'Wanjiku',
  buyerPhone: '+254712345678',
  paymentMethod: 'mpesa_prepay',
  price: 2_500_000,
  serviceFee: 62_500,
  sellerPayout: 2_437_500,
  riderPayout: 30_000,
  deliveryCost: 30_000,
  deliveryPaidBy: 'buyer',
  status: 'awaiting_settlement',
  statusLabel: 'Awaiting Settlement',
  paymentConfirmed: true,
  settlementPaid: false,
  paymentVerifiedBy: 'c2b_confirmation',
  paymentBeingVerified: false,
  canMarkPaid: true,
  riderName: 'Otieno',
  riderPhone: '+254722000000',
  codeLocked: false,
  createdAt: '2026-01-01T09:00:00.000Z',
  deliveredAt: '2026-01-01T15:00:00.000Z',
  settledAt: null,
} as const;

/** A delivered order awaiting settlement, as a row of the orders list; its actions follow the overrides unless given. */
export const PAYOUT_ID = '9a1b2c3d-0000-4000-8000-000000000001';

/** A seller payout of ORDER_ID as the admin API answers it, waiting for approval unless told; its label the core's for its state. */
export function adminPayout(overrides: Partial<AdminPayout> = {}): AdminPayout {
  const state = overrides.state ?? 'awaiting_approval';
  return {
    id: PAYOUT_ID,
    orderId: ORDER_ID,
    purpose: 'seller',
    amount: 2_437_500,
    state,
    stateLabel: payoutStateLabel(state),
    destination: null,
    receipt: null,
    receiverName: null,
    problem: null,
    attempt: 0,
    originatorConversationId: null,
    nextAttemptAt: null,
    createdAt: '2026-01-03T09:00:00.000Z',
    updatedAt: '2026-01-03T09:00:00.000Z',
    completedAt: null,
    canRetry: false,
    canRecordReference: true,
    ...overrides,
  };
}

export function adminOrderRow(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const row: Omit<AdminOrder, 'actions'> = {
    ...ORDER_FIELDS,
    sellerPaymentMethod: 'direct_mpesa',
    sellerPaymentNumber: '+254700000001',
    payouts: [],
    ...overrides,
  };
  return { ...row, actions: overrides.actions ?? adminActions(row) };
}

/** The same order as GET /api/admin/orders/:id answers it: paid through the Paybill, verified by M-Pesa's C2B confirmation. */
export function adminOrderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const detail: Omit<AdminOrderDetail, 'actions'> = {
    ...ORDER_FIELDS,
    mpesaReceipt: 'QRS1TU2VW3',
    paymentReceived: 2_500_000,
    paymentClaimReceipt: null,
    paymentClaimCheck: null,
    settlementReference: null,
    codeAttempts: 0,
    ...overrides,
  };
  return { ...detail, actions: overrides.actions ?? adminActions(detail) };
}

export function refundRequest(order: AdminOrderDetail): AdminRefundRequest {
  return {
    id: '3f0c1a2b-0000-4000-8000-0000000000aa',
    requestedBy: 'buyer',
    reason: 'The phone is not the model I ordered',
    status: 'open',
    createdAt: '2026-01-02T09:00:00.000Z',
    resolvedAt: null,
    mpesaReference: null,
    resolutionNote: null,
    order,
    paidWithoutRiderFor72Hours: false,
  };
}

interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** The Idempotency-Key header a change was sent with. */
  readonly key: string | undefined;
}

export function fakeAdminApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, () => FakeAnswer | Promise<FakeAnswer>>();
  const on = (method: 'GET' | 'POST', path: string, answer: FakeAnswer | (() => FakeAnswer | Promise<FakeAnswer>)) => {
    handlers.set(`${method} ${path}`, typeof answer === 'function' ? answer : () => answer);
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const key = new Headers(init.headers).get('Idempotency-Key') ?? undefined;
    requests.push({ method, path, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined, key });
    const handler = handlers.get(`${method} ${path}`);
    const answer = handler ? await handler() : failure(404, 'NOT_FOUND', `No fake for ${method} ${path}`);
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return { on, sent: (method: 'GET' | 'POST', path: string) => requests.filter((r) => r.method === method && r.path === path) };
}

export type FakeAdminApi = ReturnType<typeof fakeAdminApi>;

/**
 * A fresh fake API before each test of the file; after each, the DOM, the toasts and the stubbed
 * globals are cleaned. Call it at the top of a test file; the function it returns reads the API.
 */
export function fakeAdminApiPerTest(): () => FakeAdminApi {
  let api: FakeAdminApi | undefined;
  beforeEach(() => {
    api = fakeAdminApi();
  });
  afterEach(() => {
    cleanup();
    document.getElementById('escrow-toasts')?.remove();
    vi.unstubAllGlobals();
  });
  return () => {
    if (!api) throw new Error('the fake admin API exists only while a test runs');
    return api;
  };
}

/**
 * Renders `ui` on the admin screen with a query cache of its own (a test never reads another's
 * answers); `screen.refresh` and `screen.accessLost` record their calls.
 */
export function renderOnAdminScreen(ui: ReactNode) {
  const screen = { refresh: vi.fn(), accessLost: vi.fn() } satisfies AdminScreen;
  const view = render(
    <EscrowQueryProvider client={createEscrowQueryClient()}>
      <AdminScreenContext.Provider value={screen}>{ui}</AdminScreenContext.Provider>
    </EscrowQueryProvider>,
  );
  return { ...view, screen };
}
