// Seeding through the real HTTP API, as the people of the product make things: a seller signs up
// and fills in the seller profile, makes orders and riders and assigns them; the buyer confirms a
// payment or asks for a refund; the rider accepts, picks up and completes with the code; a visitor
// writes to the contact form. Nothing is written to the database directly, so a seeded order is
// exactly what the product makes.
//
// The requests go through a `SeedTransport`: `fetchTransport` here (plain fetch with a cookie jar,
// for API tests against a listening server), or the browser tests' transport over Playwright's
// request contexts (e2e/kit/seed.ts), so a seller's session cookie can also sit in a browser.
// Each client should come from an address of its own (X-Forwarded-For, freshAddress): the API
// limits sign-ups and code attempts per client address.
import { randomUUID } from 'node:crypto';
import { freshPhone, uniqueId } from './fresh.js';

/** One file in a multipart form (the rider's pickup photo). */
export interface SeedFile {
  readonly field: string;
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Buffer;
}

export interface SeedRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly file?: SeedFile;
}

/** Sends one request to the API under test and answers its status and body text. */
export interface SeedTransport {
  send(request: SeedRequest): Promise<{ readonly status: number; readonly text: string }>;
}

/**
 * A transport over fetch: one client (its own cookies, its own headers, e.g. X-Forwarded-For),
 * sending Origin as browsers do (the API's CSRF check wants it on writes).
 */
export function fetchTransport(baseUrl: string, headers: Readonly<Record<string, string>> = {}): SeedTransport & { readonly cookies: ReadonlyMap<string, string> } {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async send(request) {
      const body = request.file ? new FormData() : request.json === undefined ? undefined : JSON.stringify(request.json);
      if (request.file && body instanceof FormData) body.append(request.file.field, new Blob([new Uint8Array(request.file.bytes)], { type: request.file.mimeType }), request.file.name);
      const response = await fetch(new URL(request.path, baseUrl), {
        method: request.method,
        headers: {
          origin: new URL(baseUrl).origin,
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
          ...headers,
          ...request.headers,
        },
        ...(body === undefined ? {} : { body }),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1) === '') cookies.delete(name);
        else cookies.set(name, pair.slice(at + 1).trim());
      }
      return { status: response.status, text: await response.text() };
    },
  };
}

/** Sends a request and answers the `data` of the reply, or throws with the reply when its status is not `expected`. */
export async function seedCall<T>(transport: SeedTransport, request: SeedRequest, expected: number, what: string): Promise<T> {
  const isWrite = request.method !== 'GET';
  const reply = await transport.send(isWrite ? { ...request, headers: { 'Idempotency-Key': randomUUID(), ...request.headers } } : request);
  if (reply.status !== expected) throw new Error(`${what}: expected HTTP ${expected}, got ${reply.status}: ${reply.text}`);
  return (JSON.parse(reply.text) as { data: T }).data;
}

export const SEED_PASSWORD = 'Sokoni#2026';

/** A real 1x1 PNG: the server judges photos by their bytes. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface SellerProfileInput {
  readonly businessName: string;
  readonly location?: string;
  /** As typed (07...); also the M-Pesa payout number. */
  readonly phone?: string;
}

/** Signs up (the transport keeps the session cookie) and creates the seller record; answers the seller's id. */
export async function signUpSeller(transport: SeedTransport, email: string, profile: SellerProfileInput, password = SEED_PASSWORD): Promise<{ readonly sellerId: string }> {
  await signUp(transport, email, password);
  const phone = profile.phone ?? '0712345678';
  const created = await seedCall<{ id: string }>(
    transport,
    {
      method: 'POST',
      path: '/api/seller/profile',
      json: { businessName: profile.businessName, location: profile.location ?? 'Westlands, Nairobi', phone, paymentMethod: 'direct_mpesa', paymentNumber: phone, termsAccepted: true },
    },
    201,
    'seller profile',
  );
  return { sellerId: created.id };
}

/** Signs up an account (no seller record): the transport keeps the session cookie. */
export async function signUp(transport: SeedTransport, email: string, password = SEED_PASSWORD): Promise<void> {
  await seedCall(transport, { method: 'POST', path: '/api/auth/sign-up', json: { email, password } }, 201, 'sign-up');
}

/** What the seller's order view answers that tests use (core's sellerOrderView). */
export interface SeedOrder {
  readonly id: string;
  readonly trackingNumber: string;
  readonly status: string;
  readonly itemName: string;
  readonly buyerName: string;
  /** Cents. */
  readonly price: number;
  readonly serviceFee: number;
  readonly sellerPayout: number;
  readonly riderPayout: number;
  readonly paymentConfirmed: boolean;
  readonly links: { readonly buyer: string; readonly seller: string; readonly rider: string | null };
  /** Not in the seller's view (issue 16): known once the payer's SMS is read. */
  deliveryCode?: string;
}

export interface OrderInput {
  readonly itemName?: string;
  /** KSh, as the form takes it. */
  readonly price?: number | string;
  readonly deliveryCost?: number | string;
  readonly deliveryPaidBy?: 'buyer' | 'seller';
  readonly paymentMethod?: 'mpesa_prepay' | 'mpesa_pod' | 'cash';
  readonly buyerCashAmount?: number;
  readonly buyerName?: string;
  readonly buyerPhone?: string;
  readonly buyerAddress?: string;
  readonly landmark?: string;
  readonly estate?: string;
  readonly houseNumber?: string;
  readonly pinLocationLink?: string;
}

/** The order every seeded order is unless told otherwise: M-Pesa prepaid, KSh 25,000 plus 300 delivery paid by the buyer. */
export const DEFAULT_ORDER = {
  itemName: 'Samsung Galaxy A15',
  price: 25_000,
  buyerName: 'Wanjiku Kamau',
  buyerPhone: '0722000111',
  buyerAddress: 'Ngong Road, Kilimani',
  landmark: 'Opposite the petrol station',
  estate: 'Kilimani',
  houseNumber: 'B4',
  pinLocationLink: 'https://maps.example.com/?q=-1.29,36.78',
  deliveryCost: 300,
  deliveryPaidBy: 'buyer',
  paymentMethod: 'mpesa_prepay',
} as const;

/** The seller (the transport's session) makes an order: `input` over `base` (DEFAULT_ORDER unless given). */
export async function createOrder(seller: SeedTransport, input: OrderInput = {}, base: OrderInput = DEFAULT_ORDER): Promise<SeedOrder> {
  const data = await seedCall<{ order: SeedOrder }>(seller, { method: 'POST', path: '/api/seller/orders', json: { ...base, ...input } }, 201, 'create order');
  return data.order;
}

/** The order as its seller sees it now. */
export const sellerOrder = (seller: SeedTransport, orderId: string): Promise<SeedOrder> => seedCall(seller, { method: 'GET', path: `/api/seller/orders/${orderId}` }, 200, 'seller order');

export interface SeedRider {
  readonly id: string;
  readonly name: string;
  /** As stored: E.164. */
  readonly phone: string;
}

/** A rider on the seller's list (a fresh phone unless given, as typed: 07...). */
export async function addRider(seller: SeedTransport, name = 'Otieno Rider', phone = freshPhone().local, motorbikePlate = 'KMEA 123B'): Promise<SeedRider> {
  const data = await seedCall<{ rider: SeedRider }>(seller, { method: 'POST', path: '/api/seller/riders', json: { name, phone, motorbikePlate } }, 201, 'add rider');
  return data.rider;
}

/** Assigns (or changes) the order's rider: one on the list by id, or a new one by name and phone. Answers the order with its rider link. */
export async function assignRider(seller: SeedTransport, orderId: string, rider: { readonly riderId: string } | { readonly newRiderName: string; readonly newRiderPhone: string }): Promise<SeedOrder> {
  await seedCall(seller, { method: 'POST', path: `/api/seller/orders/${orderId}/rider`, json: rider }, 200, 'assign rider');
  return sellerOrder(seller, orderId);
}

/** A new rider (fresh name and phone) assigned to the order. */
export const assignNewRider = (seller: SeedTransport, orderId: string): Promise<SeedOrder> =>
  assignRider(seller, orderId, { newRiderName: `Rider ${uniqueId('r')}`, newRiderPhone: freshPhone().local });

export async function removeRider(seller: SeedTransport, orderId: string): Promise<SeedOrder> {
  await seedCall(seller, { method: 'DELETE', path: `/api/seller/orders/${orderId}/rider` }, 200, 'remove rider');
  return sellerOrder(seller, orderId);
}

/** The secret of a buyer link (`/buyer/order/{id}?code=...`): the order's view key. */
export const viewKeyOf = (buyerLink: string): string => new URL(buyerLink, 'http://x').searchParams.get('code') ?? '';

/** Headers of the buyer's requests: the view key or the delivery code (X-Delivery-Code). */
export const buyerHeaders = (keyOrCode: string): Record<string, string> => ({ 'X-Delivery-Code': keyOrCode });

/** The order as the buyer API shows it (a transport sending buyerHeaders). */
export const buyerOrder = <T = { readonly paymentConfirmed: boolean }>(buyer: SeedTransport, orderId: string): Promise<T> =>
  seedCall(buyer, { method: 'GET', path: `/api/buyer/orders/${orderId}` }, 200, 'buyer view');

/** The buyer types M-Pesa's receipt into the confirmation form; throws unless the order answers paid. */
export async function confirmPayment(buyer: SeedTransport, orderId: string, mpesaReceipt: string): Promise<void> {
  const typed = await seedCall<{ order: { paymentConfirmed: boolean } }>(buyer, { method: 'POST', path: `/api/buyer/orders/${orderId}/payment`, json: { termsAccepted: true, mpesaReceipt } }, 200, 'confirm payment');
  if (!typed.order.paymentConfirmed) throw new Error(`confirm payment: the receipt ${mpesaReceipt} M-Pesa confirmed did not answer paid`);
}

/** The buyer asks for a refund (withholding the code). */
export async function requestRefund(buyer: SeedTransport, orderId: string, reason: string): Promise<void> {
  await seedCall(buyer, { method: 'POST', path: `/api/buyer/orders/${orderId}/refund-request`, json: { reason } }, 201, 'refund request');
}

/** The rider's phone and key, read from a rider link (`/rider/job/{id}?phone=...&key=...`). */
export function riderCredentials(riderLink: string): { readonly orderId: string; readonly phone: string; readonly key: string } {
  const url = new URL(riderLink, 'http://x');
  const phone = url.searchParams.get('phone');
  const key = url.searchParams.get('key');
  if (!phone || !key) throw new Error(`not a rider link: ${riderLink}`);
  return { orderId: url.pathname.split('/').pop() ?? '', phone, key };
}

/** Headers of the rider's requests, from the rider link. */
export function riderHeaders(riderLink: string): Record<string, string> {
  const { phone, key } = riderCredentials(riderLink);
  return { 'X-Rider-Phone': phone, 'X-Rider-Key': key };
}

/** The rider's steps on one order (a transport sending riderHeaders), as the rider page takes them. */
export function riderSteps(rider: SeedTransport, orderId: string) {
  return {
    accept: () => seedCall(rider, { method: 'POST', path: `/api/rider/orders/${orderId}/accept` }, 200, 'accept job'),
    pickup: () => seedCall(rider, { method: 'POST', path: `/api/rider/orders/${orderId}/pickup`, file: { field: 'photo', name: 'pickup.png', mimeType: 'image/png', bytes: PNG } }, 200, 'pickup'),
    complete: (deliveryCode: string) => seedCall(rider, { method: 'POST', path: `/api/rider/orders/${orderId}/complete`, json: { deliveryCode } }, 200, 'complete delivery'),
  };
}

/** A message through the public contact form's API. */
export async function sendContactMessage(visitor: SeedTransport, name: string, message: string): Promise<void> {
  await seedCall(visitor, { method: 'POST', path: '/api/contact', json: { name, email: `${uniqueId('c')}@example.com`.toLowerCase(), phone: '0722000111', message } }, 201, 'contact message');
}
