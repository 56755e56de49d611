// Seeds for the admin browser tests, made through the real HTTP API of the server under test
// (nothing is written to the database directly): a seller with an order taken as far as the
// test needs (paid, in transit, delivered), an admin made with the admin CLI, a contact message.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { payPaybill, readDeliveryCodeSms, viewKeyOf, waitUntilPaid } from './daraja-sim.ts';
import { freshAddress } from './escrow-seed.ts';

export const PASSWORD = 'Sokoni#2026';
// A real 1x1 PNG: the pickup photo is judged by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let counter = 0;
/** Unique per test process and call: tests run in parallel against one server. */
export const uniqueId = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;
export const newEmail = (label: string) => `${uniqueId(label)}@example.com`.toLowerCase();

/** A Kenyan mobile number nobody else in this run uses (07 + 8 digits). */
export function uniquePhone(): string {
  const digits = `${Date.now()}${process.pid}${(counter += 1)}`.slice(-8);
  return `07${digits}`;
}

async function json<T>(response: APIResponse, expected: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status() !== expected) throw new Error(`${what}: expected ${expected}, got ${response.status()}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A browser-like API client of its own (own cookies), sending Origin as browsers do (CSRF check). */
async function apiClient(baseURL: string, headers: Record<string, string> = {}): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin, 'X-Forwarded-For': freshAddress(), ...headers } });
}

export interface SeededSeller {
  readonly api: APIRequestContext;
  readonly email: string;
  readonly businessName: string;
  readonly sellerId: string;
}

/**
 * Signs up a seller and creates the seller record, in a client of its own. Paid out by M-Pesa to
 * 0712345678 unless `phone` gives a number of its own (a test that makes the simulator refuse
 * payouts to it must not fail other tests' payouts).
 */
export async function seedSeller(baseURL: string, businessName = `Duka ${uniqueId('s')}`, options: { phone?: string } = {}): Promise<SeededSeller> {
  const api = await apiClient(baseURL);
  const email = newEmail('seller');
  const phone = options.phone ?? '0712345678';
  await json(await api.post('/api/auth/sign-up', { data: { email, password: PASSWORD } }), 201, 'sign-up');
  const profile = await json<{ id: string }>(
    await api.post('/api/seller/profile', {
      data: { businessName, location: 'Westlands, Nairobi', phone, paymentMethod: 'direct_mpesa', paymentNumber: phone, termsAccepted: true },
    }),
    201,
    'seller profile',
  );
  return { api, email, businessName, sellerId: profile.id };
}

export interface SeededOrder {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  /** The buyer link's key: it shows the order and takes the payment. */
  readonly viewKey: string;
  /** The delivery code: known once paid (the payer's SMS); '' before. */
  deliveryCode: string;
  readonly buyerName: string;
  readonly price: number;
  readonly serviceFee: number;
  readonly sellerPayout: number;
  readonly riderPayout: number;
  riderPhone?: string;
  riderKey?: string;
}

/** Creates an M-Pesa prepaid order of `priceKsh` (the seller pays delivery when `sellerPaysDelivery`). */
export async function createOrder(seller: SeededSeller, options: { priceKsh: string; deliveryKsh: string; sellerPaysDelivery?: boolean; itemName?: string }): Promise<SeededOrder> {
  const itemName = options.itemName ?? `Phone ${uniqueId('item')}`;
  const buyerName = `Buyer ${uniqueId('b')}`;
  const created = await json<{ order: SeededOrder & { links: { buyer: string } } }>(
    await seller.api.post('/api/seller/orders', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        itemName,
        price: options.priceKsh,
        buyerName,
        buyerPhone: uniquePhone(),
        buyerAddress: 'Kilimani, Nairobi',
        deliveryCost: options.deliveryKsh,
        deliveryPaidBy: options.sellerPaysDelivery ? 'seller' : 'buyer',
        paymentMethod: 'mpesa_prepay',
      },
    }),
    201,
    'create order',
  );
  const order = created.order;
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName,
    viewKey: viewKeyOf(order.links.buyer),
    deliveryCode: '',
    buyerName,
    price: order.price,
    serviceFee: order.serviceFee,
    sellerPayout: order.sellerPayout,
    riderPayout: order.riderPayout,
  };
}

/**
 * The buyer pays the Paybill on the Daraja simulator (its C2B confirmation pays the order) and,
 * once the order reads paid, confirms with M-Pesa's receipt and the delivery code from the buyer
 * link, as the buyer page does. Answers the receipt.
 */
export async function payOrder(baseURL: string, order: SeededOrder): Promise<string> {
  const mpesaReceipt = await payPaybill(order);
  const buyer = await apiClient(baseURL, { 'X-Delivery-Code': order.viewKey });
  try {
    await waitUntilPaid(async () => json<{ paymentConfirmed: boolean }>(await buyer.get(`/api/buyer/orders/${order.id}`), 200, 'buyer view'), `order ${order.trackingNumber}`);
    const typed = await json<{ order: { paymentConfirmed: boolean } }>(
      await buyer.post(`/api/buyer/orders/${order.id}/payment`, { headers: { 'Idempotency-Key': randomUUID() }, data: { termsAccepted: true, mpesaReceipt } }),
      200,
      'buyer payment',
    );
    if (!typed.order.paymentConfirmed) throw new Error(`buyer payment: the receipt ${mpesaReceipt} M-Pesa confirmed did not answer paid`);
    order.deliveryCode = await readDeliveryCodeSms(order);
    return mpesaReceipt;
  } finally {
    await buyer.dispose();
  }
}

/** The buyer asks for a refund (withholding the code). */
export async function requestRefund(baseURL: string, order: SeededOrder, reason: string): Promise<void> {
  const buyer = await apiClient(baseURL, { 'X-Delivery-Code': order.deliveryCode || order.viewKey });
  try {
    await json(await buyer.post(`/api/buyer/orders/${order.id}/refund-request`, { headers: { 'Idempotency-Key': randomUUID() }, data: { reason } }), 201, 'refund request');
  } finally {
    await buyer.dispose();
  }
}

/** The seller assigns a new rider; the rider link's phone and key are kept on the order. */
export async function assignRider(seller: SeededSeller, order: SeededOrder): Promise<void> {
  const assigned = await json<{ links: { rider: string | null } }>(
    await seller.api.post(`/api/seller/orders/${order.id}/rider`, { headers: { 'Idempotency-Key': randomUUID() }, data: { newRiderName: `Rider ${uniqueId('r')}`, newRiderPhone: uniquePhone() } }),
    200,
    'assign rider',
  );
  const link = new URL(assigned.links.rider ?? '');
  order.riderPhone = link.searchParams.get('phone') ?? '';
  order.riderKey = link.searchParams.get('key') ?? '';
}

async function riderClient(baseURL: string, order: SeededOrder): Promise<APIRequestContext> {
  if (!order.riderPhone || !order.riderKey) throw new Error('assign a rider first');
  return apiClient(baseURL, { 'X-Rider-Phone': order.riderPhone, 'X-Rider-Key': order.riderKey });
}

/** The rider accepts the job and uploads the pickup photo: the order is in transit. */
export async function pickUp(baseURL: string, order: SeededOrder): Promise<void> {
  const rider = await riderClient(baseURL, order);
  try {
    await json(await rider.post(`/api/rider/orders/${order.id}/accept`, { headers: { 'Idempotency-Key': randomUUID() } }), 200, 'rider accept');
    await json(
      await rider.post(`/api/rider/orders/${order.id}/pickup`, { headers: { 'Idempotency-Key': randomUUID() }, multipart: { photo: { name: 'pickup.png', mimeType: 'image/png', buffer: PNG } } }),
      200,
      'pickup',
    );
  } finally {
    await rider.dispose();
  }
}

/** The rider enters the buyer's code: delivered, awaiting settlement. */
export async function deliver(baseURL: string, order: SeededOrder): Promise<void> {
  const rider = await riderClient(baseURL, order);
  try {
    await json(await rider.post(`/api/rider/orders/${order.id}/complete`, { headers: { 'Idempotency-Key': randomUUID() }, data: { deliveryCode: order.deliveryCode } }), 200, 'complete delivery');
  } finally {
    await rider.dispose();
  }
}

/** A seller's order taken all the way to "delivered, awaiting settlement". */
export async function seedDeliveredOrder(baseURL: string, seller: SeededSeller, options: Parameters<typeof createOrder>[1]): Promise<SeededOrder> {
  const order = await createOrder(seller, options);
  await payOrder(baseURL, order);
  await assignRider(seller, order);
  await pickUp(baseURL, order);
  await deliver(baseURL, order);
  return order;
}

const CLI = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));

/** Runs the admin CLI (`escrow-admin grant-admin EMAIL`) on the test server's database. */
export async function grantAdmin(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'grant-admin', email], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  return stdout.trim();
}

/** Signs up in the page's browser context (the browser holds the session) and makes the account an admin. */
export async function signInAsNewAdmin(page: Page): Promise<string> {
  const email = newEmail('admin');
  const response = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email, password: PASSWORD } });
  if (response.status() !== 201) throw new Error(`admin sign-up: ${response.status()} ${await response.text()}`);
  await grantAdmin(email);
  return email;
}

/** A message sent through the public contact form's API. */
export async function sendContactMessage(baseURL: string, name: string, message: string): Promise<void> {
  const visitor = await apiClient(baseURL);
  try {
    await json(await visitor.post('/api/contact', { data: { name, email: `${uniqueId('c')}@example.com`.toLowerCase(), phone: '0722000111', message } }), 201, 'contact message');
  } finally {
    await visitor.dispose();
  }
}

/** '12,345.50' and 'KSh 12,345.50' as integer cents. */
export function centsOf(text: string): number {
  const match = /(-?)([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]?.replaceAll(',', '')) * 100 + Number(match[3]));
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
