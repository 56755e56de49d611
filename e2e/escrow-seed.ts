// Seeds escrow orders for browser tests through the real HTTP API, as a seller would make them:
// sign-up, seller profile, riders, orders, rider assignment; and moves orders on as the buyer
// and the rider would. Everything goes through the running server (no database writes), so a
// seeded order is exactly what the product makes. Reusable by any spec:
//
//   const seller = await newSeller();
//   const order = await seller.createOrder();                   // awaiting payment
//   await payAsBuyer(order);                                     // paid through M-Pesa's Paybill
//   const rider = await seller.addRider();                       // on the seller's list
//   const job = await seller.assignRider(order.id, rider.id);    // rider link with its key
//
// Each seller (and each buyer/rider helper call) uses its own client address (X-Forwarded-For,
// trusted because playwright.config.ts starts the server with TRUST_PROXY_HOPS=1), so tests
// running in parallel never share a per-address rate limit (decision 0012).
import { randomBytes, randomInt } from 'node:crypto';
import { expect, request, type APIRequestContext, type APIResponse, type BrowserContext } from '@playwright/test';
import { payPaybill, readDeliveryCodeSms, viewKeyOf, waitUntilPaid } from './daraja-sim.ts';

/**
 * The first screen after a page load downloads the shell and a remote; on a busy machine that
 * can take longer than the default 5 s of an expectation.
 */
export const FIRST_SCREEN = { timeout: 20_000 } as const;

export const SELLER_PASSWORD = 'Sokoni#2026';
/** A real 1x1 PNG: the server checks photo types from the bytes. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export function baseUrl(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (see playwright.config.ts)');
  return `http://127.0.0.1:${port}`;
}

/** A client address no other test uses: 10.x.y.z from 24 random bits. */
export function freshAddress(): string {
  const n = randomInt(1, 2 ** 24 - 1);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Gives a browser context its own client address (call before the first page opens). */
export async function useFreshAddress(context: BrowserContext): Promise<string> {
  const address = freshAddress();
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

/** A Kenyan mobile number nobody else in the run uses, as typed (07...) and as stored (E.164). */
export function freshPhone(): { local: string; e164: string } {
  const subscriber = `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { local: `0${subscriber}`, e164: `+254${subscriber}` };
}

/** A fresh M-Pesa confirmation code: 10 upper-case letters and digits. */
export function freshMpesaReceipt(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function json<T>(response: APIResponse, status: number, what: string): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${what}: ${text}`).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

/** A client of its own (own address; cookies kept for a seller session). Origin: the CSRF check wants it. */
async function apiClient(headers: Record<string, string> = {}): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl(), 'X-Forwarded-For': freshAddress(), ...headers } });
}

/** What the seller's order view answers that the tests use (core's sellerOrderView). */
export interface SellerOrder {
  readonly id: string;
  readonly trackingNumber: string;
  readonly status: string;
  /** Not in the seller's view (issue 16): the seeds read it from the payer's SMS once paid. */
  deliveryCode?: string;
  /** Cents. */
  readonly price: number;
  readonly paymentConfirmed: boolean;
  readonly links: { readonly buyer: string; readonly seller: string; readonly rider: string | null };
}

export interface SeededRider {
  readonly id: string;
  readonly name: string;
  /** As stored: E.164. */
  readonly phone: string;
}

/** The paths (no origin) a test opens in the browser. */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return url.pathname + url.search;
};

export interface OrderOverrides {
  readonly itemName?: string;
  /** KSh, as the form takes it. */
  readonly price?: number;
  readonly deliveryCost?: number;
  readonly deliveryPaidBy?: 'buyer' | 'seller';
  readonly paymentMethod?: 'mpesa_prepay' | 'mpesa_pod' | 'cash';
  readonly buyerCashAmount?: number;
  readonly pinLocationLink?: string;
}

export interface Seller {
  readonly api: APIRequestContext;
  readonly email: string;
  readonly businessName: string;
  addRider(name?: string): Promise<SeededRider>;
  createOrder(overrides?: OrderOverrides): Promise<SellerOrder>;
  order(orderId: string): Promise<SellerOrder>;
  /** Assigns (or changes) the rider; answers the order with the new rider link. */
  assignRider(orderId: string, riderId: string): Promise<SellerOrder>;
  removeRider(orderId: string): Promise<SellerOrder>;
  dispose(): Promise<void>;
}

let sellers = 0;

/** Signs up a new account and creates its seller profile. */
export async function newSeller(businessName = 'Amani Phones'): Promise<Seller> {
  const api = await apiClient();
  sellers += 1;
  const email = `seller-${process.pid}-${Date.now()}-${sellers}@example.com`;
  await json(await api.post('/api/auth/sign-up', { data: { email, password: SELLER_PASSWORD } }), 201, 'sign-up');
  await json(
    await api.post('/api/seller/profile', {
      data: { businessName, location: 'Westlands, Nairobi', phone: '0712345678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true },
    }),
    201,
    'seller profile',
  );
  const seller: Seller = {
    api,
    email,
    businessName,
    async addRider(name = 'Otieno Rider') {
      const phone = freshPhone();
      const data = await json<{ rider: SeededRider }>(await api.post('/api/seller/riders', { data: { name, phone: phone.local, motorbikePlate: 'KMEA 123B' } }), 201, 'add rider');
      return data.rider;
    },
    async createOrder(overrides = {}) {
      const data = await json<{ order: SellerOrder }>(
        await api.post('/api/seller/orders', {
          data: {
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
            ...overrides,
          },
        }),
        201,
        'create order',
      );
      return data.order;
    },
    async order(orderId) {
      return json<SellerOrder>(await api.get(`/api/seller/orders/${orderId}`), 200, 'seller order');
    },
    async assignRider(orderId, riderId) {
      await json(await api.post(`/api/seller/orders/${orderId}/rider`, { data: { riderId } }), 200, 'assign rider');
      return seller.order(orderId);
    },
    async removeRider(orderId) {
      await json(await api.delete(`/api/seller/orders/${orderId}/rider`), 200, 'remove rider');
      return seller.order(orderId);
    },
    dispose: () => api.dispose(),
  };
  return seller;
}

/** The order as the buyer API shows it (order id + delivery code), e.g. the Paybill it names now. */
export async function buyerView(order: Pick<SellerOrder, 'id' | 'links'>): Promise<{ payment: { configured: boolean; businessNumber?: string; accountName?: string } | null }> {
  const api = await apiClient({ 'X-Delivery-Code': viewKeyOf(order.links.buyer) });
  try {
    return (await json(await api.get(`/api/buyer/orders/${order.id}`), 200, 'buyer view')) as { payment: { configured: boolean; businessNumber?: string; accountName?: string } | null };
  } finally {
    await api.dispose();
  }
}

/**
 * The buyer pays the Paybill as M-Pesa has it (decision 0042): a payment on the Daraja simulator,
 * whose C2B confirmation pays the order; then, once the order reads paid, the buyer types M-Pesa's
 * receipt into the confirmation form's API, which answers the order paid. Answers the receipt.
 */
export async function payAsBuyer(order: Pick<SellerOrder, 'id' | 'deliveryCode' | 'trackingNumber' | 'price' | 'links'>): Promise<string> {
  const mpesaReceipt = await payPaybill(order);
  const api = await apiClient({ 'X-Delivery-Code': viewKeyOf(order.links.buyer) });
  try {
    await waitUntilPaid(async () => json<{ paymentConfirmed: boolean }>(await api.get(`/api/buyer/orders/${order.id}`), 200, 'buyer view'), `order ${order.trackingNumber}`);
    const typed = await json<{ order: { paymentConfirmed: boolean } }>(await api.post(`/api/buyer/orders/${order.id}/payment`, { data: { termsAccepted: true, mpesaReceipt } }), 200, 'confirm payment');
    expect(typed.order.paymentConfirmed, 'the typed receipt of a confirmed payment answers paid').toBe(true);
    order.deliveryCode = await readDeliveryCodeSms(order);
    return mpesaReceipt;
  } finally {
    await api.dispose();
  }
}

/** The rider's credentials, read from a rider link. */
export function riderCredentials(riderLink: string): { phone: string; key: string } {
  const url = new URL(riderLink);
  const phone = url.searchParams.get('phone');
  const key = url.searchParams.get('key');
  if (!phone || !key) throw new Error(`not a rider link: ${riderLink}`);
  return { phone, key };
}

/** The rider's steps through the API (as the rider page does). */
export async function asRider(riderLink: string) {
  const { phone, key } = riderCredentials(riderLink);
  const orderId = new URL(riderLink).pathname.split('/').pop() ?? '';
  const api = await apiClient({ 'X-Rider-Phone': phone, 'X-Rider-Key': key });
  return {
    accept: async () => json(await api.post(`/api/rider/orders/${orderId}/accept`), 200, 'accept job'),
    pickup: async () => json(await api.post(`/api/rider/orders/${orderId}/pickup`, { multipart: { photo: { name: 'pickup.png', mimeType: 'image/png', buffer: PNG } } }), 200, 'pickup'),
    complete: async (deliveryCode: string) => json(await api.post(`/api/rider/orders/${orderId}/complete`, { data: { deliveryCode } }), 200, 'complete delivery'),
    dispose: () => api.dispose(),
  };
}

/** An order paid, with a rider assigned (not yet accepted): the rider link is in `links.rider`. */
export async function seedAssignedOrder(seller: Seller, overrides: OrderOverrides = {}): Promise<{ order: SellerOrder; rider: SeededRider }> {
  const created = await seller.createOrder(overrides);
  if ((overrides.paymentMethod ?? 'mpesa_prepay') !== 'cash') await payAsBuyer(created);
  const rider = await seller.addRider();
  const assigned = await seller.assignRider(created.id, rider.id);
  expect(assigned.links.rider).not.toBeNull();
  // The code the payer got by SMS (a cash order's buyer got it when the order was made).
  const deliveryCode = created.deliveryCode ?? (await readDeliveryCodeSms(created, '+254722000111'));
  return { order: { ...assigned, deliveryCode }, rider };
}

/** An order delivered with its code: awaiting settlement. */
export async function seedDeliveredOrder(seller: Seller): Promise<SellerOrder> {
  const { order } = await seedAssignedOrder(seller);
  const rider = await asRider(order.links.rider ?? '');
  try {
    await rider.accept();
    await rider.pickup();
    await rider.complete(order.deliveryCode ?? '');
  } finally {
    await rider.dispose();
  }
  return seller.order(order.id);
}

/**
 * The buyer page as the payer opens it with the code from the payment SMS (links that carry the
 * real code keep working, issue 16): the page then holds the code (refunds, rating).
 */
export function codeLinkOf(order: { readonly id: string; readonly deliveryCode?: string | undefined }): string {
  if (!order.deliveryCode) throw new Error(`codeLinkOf: order ${order.id} has no code yet (pay it first)`);
  return `/buyer/order/${order.id}?code=${order.deliveryCode}`;
}
