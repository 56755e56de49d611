// Helpers for the seller browser tests (e2e/seller-*.spec.ts): accounts and orders made
// through the real API, the buyer and rider driven through their real HTTP APIs, and the
// phone checks (no sideways scrolling, 44px tap targets).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { payPaybill, readDeliveryCodeSms, viewKeyOf, waitUntilPaid } from './daraja-sim.ts';
import { expect as baseExpect } from './fixtures.ts';
import { freshAddress } from './escrow-seed.ts';

/**
 * The seller tests' expect: 20 s rather than 5 s per assertion. The first page a fresh server
 * sends is compressed on the spot (then cached), which on this shared, busy machine took over
 * 10 s; nothing asserted is weaker for waiting.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });

export const PASSWORD = 'Sokoni#2026';
export const PHONE = { width: 360, height: 740 } as const;
// A real 1x1 PNG: the server checks the bytes of every photo.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let counter = 0;
/** A fresh address per test (and per retry), lower-case as the server stores it. */
export const newEmail = (label: string) => `${label}-${process.pid}-${Date.now()}-${(counter += 1)}@example.com`;

/** A fresh Kenyan mobile number, 07XXXXXXXX. */
export const freshPhone = () => `07${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/** The Origin the CSRF check wants on writes that carry the browser's session cookie. */
const originOf = (page: Page, baseURL: string) => ({ origin: new URL(page.url().startsWith('http') ? page.url() : baseURL).origin });

/**
 * A signed-in seller in the page's browser context (the cookie is the context's), made through
 * the real sign-up and seller-profile routes. `tour: false` marks the dashboard tour as seen,
 * for tests about something else.
 */
export async function signedInSeller(page: Page, baseURL: string, businessName: string, options: { tour?: boolean } = {}): Promise<{ email: string }> {
  const email = newEmail(businessName.toLowerCase().replace(/\W+/g, '-'));
  const signUp = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email, password: PASSWORD } });
  expect(signUp.status()).toBe(201);
  const profile = await page.request.post('/api/seller/profile', {
    headers: originOf(page, baseURL),
    data: { businessName, location: 'Westlands, Nairobi', phone: '0712345678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true },
  });
  expect(profile.status()).toBe(201);
  if (options.tour !== true) await page.addInitScript(() => localStorage.setItem('seller-dashboard:tour-done', 'true'));
  return { email };
}

export interface CreatedOrder {
  id: string;
  trackingNumber: string;
  itemName: string;
  buyerPhone: string;
  buyerName: string;
  buyerAddress: string;
  /** Not in the seller's view (issue 16): buyerPays reads it from the payer's SMS. */
  deliveryCode?: string;
  price: number;
  serviceFee: number;
  sellerPayout: number;
  riderPayout: number;
  productPhotoUrl: string | null;
  links: { buyer: string; seller: string; rider: string | null };
  [key: string]: unknown;
}

export const ORDER = { itemName: 'Samsung Galaxy A54', price: '42000', buyerName: 'Achieng Odhiambo', buyerPhone: '0722 000 111', buyerAddress: 'Kileleshwa, Othaya Road, Flat 3B', deliveryCost: '300' };

/** An order of the page's signed-in seller, through POST /api/seller/orders. */
export async function createOrder(page: Page, baseURL: string, input: Record<string, string> = {}): Promise<CreatedOrder> {
  const reply = await page.request.post('/api/seller/orders', { headers: originOf(page, baseURL), data: { ...ORDER, ...input } });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { data: { order: CreatedOrder } }).data.order;
}

/** The order as its seller sees it now (GET /api/seller/orders/:id). */
export async function sellerOrder(page: Page, orderId: string): Promise<CreatedOrder> {
  const reply = await page.request.get(`/api/seller/orders/${orderId}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: CreatedOrder }).data;
}

/** A rider on the seller's list, through POST /api/seller/riders. */
export async function addRider(page: Page, baseURL: string, name: string, phone = freshPhone()): Promise<{ id: string; name: string; phone: string }> {
  const reply = await page.request.post('/api/seller/riders', { headers: originOf(page, baseURL), data: { name, phone, motorbikePlate: 'KMDA 123A' } });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { data: { rider: { id: string; name: string; phone: string } } }).data.rider;
}

/**
 * The buyer pays the Paybill on the Daraja simulator, whose C2B confirmation pays the order
 * (decision 0042); once the order reads paid, the buyer confirms with M-Pesa's receipt through the
 * buyer API (order id + delivery code, no account), from a request context of its own: no seller
 * cookie goes with it. Answers the receipt.
 */
export async function buyerPays(request: APIRequestContext, order: Pick<CreatedOrder, 'id' | 'deliveryCode' | 'trackingNumber' | 'price' | 'links'>): Promise<string> {
  const mpesaReceipt = await payPaybill(order);
  const headers = { 'x-delivery-code': viewKeyOf(order.links.buyer) };
  await waitUntilPaid(async () => {
    const reply = await request.get(`/api/buyer/orders/${order.id}`, { headers });
    expect(reply.status(), await reply.text()).toBe(200);
    return ((await reply.json()) as { data: { paymentConfirmed: boolean } }).data;
  }, `order ${order.trackingNumber}`);
  const reply = await request.post(`/api/buyer/orders/${order.id}/payment`, { headers, data: { termsAccepted: true, mpesaReceipt } });
  expect(reply.status(), await reply.text()).toBe(200);
  expect(((await reply.json()) as { data: { order: { paymentConfirmed: boolean } } }).data.order.paymentConfirmed, 'the typed receipt of a confirmed payment answers paid').toBe(true);
  order.deliveryCode = await readDeliveryCodeSms(order);
  return mpesaReceipt;
}

/** The rider's phone and key, read from the rider link the seller was given. */
export function riderCredentials(riderLink: string): { 'x-rider-phone': string; 'x-rider-key': string } {
  const url = new URL(riderLink);
  return { 'x-rider-phone': url.searchParams.get('phone') ?? '', 'x-rider-key': url.searchParams.get('key') ?? '' };
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, content: document.documentElement.scrollWidth }));
  expect(widths.content, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

/**
 * Every visible control is at least 44px high. Links inside a sentence are exempt (WCAG 2.5.8,
 * inline), and so are radio buttons and check boxes whose whole label is the target.
 */
export async function expectTapTargets(page: Page): Promise<void> {
  const small = await page.locator('a:visible, button:visible, select:visible, input:visible, textarea:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !(element.tagName === 'A' && element.closest('p')))
      .filter((element) => {
        const label = element.closest('label');
        return !(element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox') && label && label.getBoundingClientRect().height >= 44);
      })
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(small, 'controls smaller than 44px').toEqual([]);
}

/** Gives the account the admin role with the admin CLI, on the e2e server's SQLite database. */
export function grantAdmin(email: string): void {
  execFileSync(process.execPath, ['apps/cli/dist/main.js', 'grant-admin', email], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, stdio: 'pipe' });
}

/** Integer cents as the screens show them: 121199 -> 'KSh 1,211.99'. */
export const ksh = (cents: number): string => `KSh ${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
