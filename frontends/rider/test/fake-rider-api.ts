import { actionsFor, cents, progressView, type OrderStatus, type PaymentMethod, type RiderJobSummary } from '@escrow/core';
import { vi } from 'vitest';
import type { RiderJob } from '../src/shared/rider-api.ts';

/**
 * A stand-in for the rider API in component tests only (the browser tests run against the real
 * server): `fetch` answers from per-route handlers and records every request, and `EventSource`
 * is a fake that stays open.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export type FakeAnswer = { readonly status: number; readonly body?: unknown };
type Method = 'GET' | 'POST' | 'DELETE';
type Handler = (request: RecordedRequest) => FakeAnswer;

export const ORDER_ID = '7a1c2b3d-0000-4000-8000-000000000002';
export const RIDER_PHONE = '0712345678';
export const RIDER_KEY = 'rk_test_key';
export const JOB_PATH = `/api/rider/orders/${ORDER_ID}`;
export const PROOF_PATH = '/api/rider/phone-proof';
export const CODE_PATH = '/api/rider/phone-code';
export const AVAILABLE_PATH = '/api/rider/jobs/available';
export const ASSIGNED_PATH = '/api/rider/jobs/assigned';

export const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { data } });
export const failure = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({ status, body: { error: { code, message, ...extra } } });

export interface JobOptions {
  readonly status?: OrderStatus;
  readonly accepted?: boolean;
  readonly paymentMethod?: PaymentMethod;
  readonly paymentConfirmed?: boolean;
  readonly deliveryPaidBy?: 'buyer' | 'seller';
  readonly codeLocked?: boolean;
  readonly codeAttemptsLeft?: number;
  readonly photos?: boolean;
}

/** The job as the core's riderJobView gives it to the assigned rider; its actions from the core's table (decision 0062). */
export function riderJob(options: JobOptions = {}): RiderJob {
  const status = options.status ?? 'rider_assigned';
  const accepted = options.accepted ?? status !== 'rider_assigned';
  const paymentMethod = options.paymentMethod ?? 'mpesa_prepay';
  const paymentConfirmed = options.paymentConfirmed ?? paymentMethod === 'mpesa_prepay';
  const deliveryPaidBy = options.deliveryPaidBy ?? 'buyer';
  const at = new Date('2026-01-01T09:00:00.000Z');
  const photos = options.photos ?? true;
  return {
    id: ORDER_ID,
    trackingNumber: 'TRK7K2M9Q4',
    itemName: 'Samsung Galaxy A15',
    productPhotoUrl: photos ? '/uploads/products/a15.jpg' : null,
    packagedPhotoUrl: photos ? '/uploads/packaged/a15.jpg' : null,
    pickupPhotoUrl: photos && status !== 'rider_assigned' ? '/uploads/pickups/a15.jpg' : null,
    ...progressView(status),
    riderName: 'Otieno',
    accepted,
    acceptedAt: accepted ? at.toISOString() : null,
    pickedUpAt: null,
    deliveredAt: null,
    pickup: { sellerBusinessName: 'Amani Phones', location: 'Westlands, Sarit Centre', sellerLocation: 'Westlands', sellerPhone: '+254711000111' },
    delivery: {
      buyerDetailsHidden: !accepted,
      buyerName: accepted ? 'Wanjiku' : null,
      buyerPhone: accepted ? '+254722000222' : null,
      address: accepted ? 'Ngong Road' : null,
      landmark: 'Opposite Prestige Plaza',
      estate: 'Kilimani',
      houseNumber: accepted ? 'B4' : null,
      pinLocationLink: accepted ? 'https://maps.google.com/?q=-1.3,36.78' : null,
    },
    estimatedDistanceKm: 7.5,
    estimatedTimeMinutes: 25,
    paymentMethod,
    paymentConfirmed,
    deliveryCost: cents(30_000),
    deliveryPaidBy,
    collectFromBuyer: { deliveryFee: deliveryPaidBy === 'buyer' ? cents(30_000) : null, cashAmount: paymentMethod === 'cash' ? cents(2_500_000) : null },
    riderPayout: cents(30_000),
    codeLocked: options.codeLocked ?? false,
    codeAttemptsLeft: options.codeAttemptsLeft ?? 5,
    actions: actionsFor(
      {
        status,
        paymentMethod,
        paymentConfirmed,
        paymentVerifiedBy: paymentConfirmed && paymentMethod !== 'cash' ? 'c2b_confirmation' : null,
        settlementPaid: false,
        riderPhone: '+254712345678',
        riderAcceptedAt: accepted ? at : null,
        codeLockedAt: options.codeLocked ? at : null,
      },
      'rider',
    ),
  };
}

/** A job in the dashboard's lists (core's riderJobSummary). */
export function jobSummary(id: string, status: OrderStatus, accepted: boolean, overrides: Partial<RiderJobSummary> = {}): RiderJobSummary {
  return {
    id,
    itemName: `Samsung Galaxy A15 (${id})`,
    status,
    statusLabel: progressView(status).statusLabel,
    sellerBusinessName: 'Amani Phones',
    pickupArea: 'Westlands',
    deliveryArea: 'Kilimani',
    deliveryCost: cents(30_000),
    deliveryPaidBy: 'buyer',
    estimatedDistanceKm: 7.5,
    estimatedTimeMinutes: 25,
    accepted,
    createdAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = 2;
  }
}

export function fakeRiderApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, Handler>();
  const on = (method: Method, path: string, handler: Handler | FakeAnswer) => {
    handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const request: RecordedRequest = { method, path, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    requests.push(request);
    const handler = handlers.get(`${method} ${path}`);
    const answer = handler ? handler(request) : failure(404, 'NOT_FOUND', `No fake for ${method} ${path}`);
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
  });
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    on,
    /** The requests to `method path`, in order. */
    sent: (method: Method, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** The page's live stream, once it is open. */
    live: () => {
      const source = FakeEventSource.instances.at(-1);
      if (!source) throw new Error('The page opened no live stream');
      return source;
    },
  };
}

export type FakeRiderApi = ReturnType<typeof fakeRiderApi>;
