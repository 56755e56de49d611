import { actionsFor, cents, progressView, stkResultMessages, type OrderStatus } from '@escrow/core';
import { vi } from 'vitest';
import type { BuyerOrder, MpesaPrompt } from '../src/features/order/buyer-api.ts';

/**
 * A stand-in for the buyer API in component tests only (the browser tests run against the real
 * server): `fetch` answers from per-route handlers and records every request, and `EventSource`
 * is a fake the test pushes the order's live events through.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer: a status and JSON body, or no answer at all (offline). */
export type FakeAnswer = { readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string> } | 'network-failure';
type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export const ORDER_ID = '3f0c1a2b-0000-4000-8000-000000000001';
export const DELIVERY_CODE = '482913';
export const ORDER_PATH = `/api/buyer/orders/${ORDER_ID}`;
export const PROMPT_PATH = `${ORDER_PATH}/mpesa-prompt`;

export const PAYMENT_PATH = `${ORDER_PATH}/payment`;

/** `paymentBeingVerified`: the buyer typed a receipt M-Pesa has not confirmed (the order still awaits payment). */
export function buyerOrder(
  overrides: { status?: OrderStatus; buyerPhone?: string | null; mpesaPrompt?: boolean; paybill?: boolean; paymentBeingVerified?: boolean; holdsCode?: boolean; codeSentTo?: string | null } = {},
): BuyerOrder {
  const status = overrides.status ?? 'awaiting_payment';
  const paid = status !== 'awaiting_payment';
  const buyerPhone = overrides.buyerPhone === undefined ? '+254712345678' : overrides.buyerPhone;
  const holdsCode = overrides.holdsCode ?? true;
  return {
    id: ORDER_ID,
    trackingNumber: 'TRK7K2M9Q4',
    itemName: 'Samsung Galaxy A15',
    productPhotoUrl: null,
    packagedPhotoUrl: null,
    pickupPhotoUrl: null,
    sellerBusinessName: 'Amani Phones',
    ...progressView(status),
    paymentMethod: 'mpesa_prepay',
    price: cents(2_500_000),
    serviceFee: cents(62_500),
    deliveryCost: cents(30_000),
    deliveryPaidBy: 'buyer',
    buyerCashAmount: null,
    paymentConfirmed: paid,
    paymentBeingVerified: !paid && (overrides.paymentBeingVerified ?? false),
    payment: paid
      ? null
      : overrides.paybill === false
        ? { configured: false, message: 'Payment details are not configured yet.' }
        : { configured: true, businessNumber: '522533', accountName: 'Escrow Delivery', accountNumber: 'TRK7K2M9Q4', amount: cents(2_500_000) },
    delivery: {
      buyerName: 'Wanjiku',
      address: 'Ngong Road',
      landmark: null,
      estate: 'Kilimani',
      houseNumber: 'B4',
      pinLocationLink: null,
      buyerPhone: buyerPhone ?? '',
    },
    rider: null,
    refundRequested: false,
    refund: null,
    // The page was opened with the code (DELIVERY_CODE), so it holds it unless told otherwise.
    holdsCode,
    deliveryCode: holdsCode ? DELIVERY_CODE : null,
    codeSentTo: overrides.codeSentTo ?? null,
    feedback: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    deliveredAt: null,
    // What the server offers this buyer, by the core's own table (decision 0062).
    actions: actionsFor({ status, paymentMethod: 'mpesa_prepay', paymentConfirmed: paid, paymentVerifiedBy: paid ? 'c2b_confirmation' : null, settlementPaid: false, riderPhone: null, riderAcceptedAt: null, codeLockedAt: null }, 'buyer', { holdsCode }),
    mpesaPrompt: overrides.mpesaPrompt ?? true,
  };
}

export function mpesaPrompt(state: MpesaPrompt['state'], overrides: Partial<MpesaPrompt> = {}): MpesaPrompt {
  const message = state === 'paid' ? stkResultMessages.paid : state === 'failed' ? stkResultMessages.cancelled : stkResultMessages.checkYourPhone;
  return {
    id: 'stk-1',
    state,
    message,
    canRetry: state === 'failed',
    resultCode: state === 'paid' ? 0 : state === 'failed' ? 1032 : null,
    amount: 2_500_000,
    phone: '2547•••••678',
    createdAt: '2026-01-01T09:05:00.000Z',
    ...overrides,
  };
}

export const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { data } });
export const failure = (status: number, code: string, message: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  body: { error: { code, message } },
  ...(headers ? { headers } : {}),
});

/** A promise the test settles when it wants: a request kept on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server's `order.changed` for `action` (apps/api/src/http/sse.ts). */
  orderChanged(action: string, status: OrderStatus = 'awaiting_payment') {
    this.dispatchEvent(new MessageEvent('order.changed', { data: JSON.stringify({ orderId: ORDER_ID, status, action, at: new Date().toISOString() }) }));
  }
}

export function fakeBuyerApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, Handler>();
  const on = (method: 'GET' | 'POST', path: string, handler: Handler | FakeAnswer) => {
    handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
  };

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const request: RecordedRequest = {
      method,
      path,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    requests.push(request);
    const handler = handlers.get(`${method} ${path}`);
    const answer: FakeAnswer = handler ? await handler(request) : failure(404, 'NOT_FOUND', `No fake for ${method} ${path}`);
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: new Headers(answer.headers),
      json: async () => answer.body,
    } as unknown as Response;
  });

  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);

  return {
    on,
    requests,
    /** The requests to `method path`, in order. */
    sent: (method: 'GET' | 'POST', path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** The page's live stream, once it is open. */
    live: () => {
      const source = FakeEventSource.instances.at(-1);
      if (!source) throw new Error('The page opened no live stream');
      return source;
    },
  };
}

export type FakeBuyerApi = ReturnType<typeof fakeBuyerApi>;
