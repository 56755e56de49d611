// The browser tests' one seeding client: what a seller, a buyer, a rider and an admin do, made
// through the real HTTP API of the server under test (the requests themselves are
// @escrow/test-kit's http-seed, sent here by Playwright's request contexts), and the payment
// through M-Pesa's Paybill on the Daraja simulator. Nothing is written to the database directly.
//
//   const seller = await newSeller();                          // its own client and address
//   const order = await seller.createOrder();                  // awaiting payment
//   await payOrder(order);                                     // paid; order.deliveryCode is the payer's SMS code
//   const { order: assigned, rider } = await seedAssignedOrder(seller);
//
// Every client has an address of its own (X-Forwarded-For, trusted because playwright.config.ts
// starts the server with TRUST_PROXY_HOPS=1): the API limits sign-ups to 50 per address per hour
// and code attempts per address, and tests running in parallel must never share those limits.
// The Playwright fixtures built on these are in e2e/kit/test.ts.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request, type APIRequestContext, type BrowserContext } from '@playwright/test';
import * as http from '@escrow/test-kit';
import { freshAddress, freshEmail, freshPhone, uniqueId, type OrderInput, type SeedOrder, type SeedRider, type SeedTransport } from '@escrow/test-kit';
import { payPaybill, readDeliveryCodeSms, waitUntilPaid } from '../daraja-sim.ts';

export type { OrderInput, SeedOrder, SeedRider } from '@escrow/test-kit';
export { PNG, riderCredentials, riderHeaders, SEED_PASSWORD as PASSWORD, viewKeyOf } from '@escrow/test-kit';

/** The origin of the server under test. */
export function baseUrl(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (see playwright.config.ts)');
  return `http://127.0.0.1:${port}`;
}

/** Gives a browser context its own client address (call before the first page opens). */
export async function useFreshAddress(context: BrowserContext): Promise<string> {
  const address = freshAddress();
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

/** The test-kit's requests sent by a Playwright request context (a page's `page.request` included), with `headers` on each. */
export function playwrightTransport(api: APIRequestContext, headers: Readonly<Record<string, string>> = {}): SeedTransport {
  return {
    async send({ method, path, headers: own, json, file }) {
      const reply = await api.fetch(path, {
        method,
        headers: { ...headers, ...own },
        ...(json === undefined ? {} : { data: json }),
        ...(file ? { multipart: { [file.field]: { name: file.name, mimeType: file.mimeType, buffer: file.bytes } } } : {}),
      });
      return { status: reply.status(), text: await reply.text() };
    },
  };
}

/** A client of its own: its own cookies and address, Origin as a browser sends it (the CSRF check wants it). */
export function apiClient(headers: Readonly<Record<string, string>> = {}): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl(), 'X-Forwarded-For': freshAddress(), ...headers } });
}

/** Runs `use` with a client of its own (see apiClient), disposed after. */
async function withClient<T>(headers: Readonly<Record<string, string>>, use: (client: SeedTransport) => Promise<T>): Promise<T> {
  const api = await apiClient(headers);
  try {
    return await use(playwrightTransport(api));
  } finally {
    await api.dispose();
  }
}

/** A signed-in seller with an API client of its own (`api` holds the session cookie). */
export interface Seller {
  readonly api: APIRequestContext;
  readonly email: string;
  readonly businessName: string;
  readonly sellerId: string;
  addRider(name?: string, phone?: string): Promise<SeedRider>;
  createOrder(input?: OrderInput): Promise<SeedOrder>;
  order(orderId: string): Promise<SeedOrder>;
  /** Assigns (or changes) the rider from the seller's list; answers the order with the new rider link. */
  assignRider(orderId: string, riderId: string): Promise<SeedOrder>;
  /** Assigns a new rider (fresh name and phone); answers the order with its rider link and the code it knew. */
  assignNewRider(order: SeedOrder): Promise<SeedOrder>;
  removeRider(orderId: string): Promise<SeedOrder>;
  dispose(): Promise<void>;
}

/**
 * Signs up a new account and creates its seller profile, in a client of its own. Paid out by M-Pesa
 * to 0712345678 unless `phone` gives a number of its own (a test that makes the simulator refuse
 * payouts to it must not fail other tests' payouts).
 */
export async function newSeller(businessName = 'Amani Phones', options: { readonly phone?: string } = {}): Promise<Seller> {
  const api = await apiClient();
  const client = playwrightTransport(api);
  const email = freshEmail('seller');
  const { sellerId } = await http.signUpSeller(client, email, { businessName, ...(options.phone ? { phone: options.phone } : {}) });
  return {
    api,
    email,
    businessName,
    sellerId,
    addRider: (name, phone) => http.addRider(client, name, phone),
    createOrder: (input) => http.createOrder(client, input),
    order: (orderId) => http.sellerOrder(client, orderId),
    assignRider: (orderId, riderId) => http.assignRider(client, orderId, { riderId }),
    assignNewRider: async (order) => ({ ...(await http.assignNewRider(client, order.id)), ...(order.deliveryCode ? { deliveryCode: order.deliveryCode } : {}) }),
    removeRider: (orderId) => http.removeRider(client, orderId),
    dispose: () => api.dispose(),
  };
}

/**
 * An order of this price with a unique item and buyer (the admin's searches and lists find it),
 * M-Pesa prepaid; the seller pays delivery when `sellerPaysDelivery`.
 */
export function pricedOrder(options: { readonly priceKsh: string; readonly deliveryKsh: string; readonly sellerPaysDelivery?: boolean; readonly itemName?: string }): OrderInput {
  return {
    itemName: options.itemName ?? `Phone ${uniqueId('item')}`,
    price: options.priceKsh,
    buyerName: `Buyer ${uniqueId('b')}`,
    buyerPhone: freshPhone().local,
    buyerAddress: 'Kilimani, Nairobi',
    deliveryCost: options.deliveryKsh,
    deliveryPaidBy: options.sellerPaysDelivery ? 'seller' : 'buyer',
    paymentMethod: 'mpesa_prepay',
  };
}

type PayableOrder = Pick<SeedOrder, 'id' | 'trackingNumber' | 'price' | 'links'> & { deliveryCode?: string | undefined };

/**
 * The buyer pays the Paybill as M-Pesa has it (decision 0042): a payment on the Daraja simulator,
 * whose C2B confirmation pays the order; once the order reads paid, the buyer types M-Pesa's receipt
 * into the confirmation form's API (order id + view key, a client of its own, no seller cookie).
 * Sets `order.deliveryCode` from the payer's SMS; answers the receipt.
 */
export async function payOrder(order: PayableOrder): Promise<string> {
  const mpesaReceipt = await payPaybill(order);
  await withClient(http.buyerHeaders(http.viewKeyOf(order.links.buyer)), async (buyer) => {
    await waitUntilPaid(() => http.buyerOrder(buyer, order.id), `order ${order.trackingNumber}`);
    await http.confirmPayment(buyer, order.id, mpesaReceipt);
  });
  order.deliveryCode = await readDeliveryCodeSms(order);
  return mpesaReceipt;
}

/** The order as the buyer API shows it (order id + view key), e.g. the Paybill it names now. */
export function buyerView(order: Pick<SeedOrder, 'id' | 'links'>): Promise<{ payment: { configured: boolean; businessNumber?: string; accountName?: string } | null }> {
  return withClient(http.buyerHeaders(http.viewKeyOf(order.links.buyer)), (buyer) => http.buyerOrder(buyer, order.id));
}

/** The buyer asks for a refund (withholding the code): with the code once paid, else the view key. */
export function requestRefund(order: Pick<SeedOrder, 'id' | 'links' | 'deliveryCode'>, reason: string): Promise<void> {
  return withClient(http.buyerHeaders(order.deliveryCode || http.viewKeyOf(order.links.buyer)), (buyer) => http.requestRefund(buyer, order.id, reason));
}

/** The rider's steps through the API (as the rider page takes them), in a client of its own. */
export async function asRider(riderLink: string) {
  const api = await apiClient(http.riderHeaders(riderLink));
  return { ...http.riderSteps(playwrightTransport(api), http.riderCredentials(riderLink).orderId), dispose: () => api.dispose() };
}

async function riderDoes(order: Pick<SeedOrder, 'links'>, steps: (rider: Awaited<ReturnType<typeof asRider>>) => Promise<unknown>): Promise<void> {
  if (!order.links.rider) throw new Error('assign a rider first');
  const rider = await asRider(order.links.rider);
  try {
    await steps(rider);
  } finally {
    await rider.dispose();
  }
}

/** The rider accepts the job and uploads the pickup photo: the order is in transit. */
export const pickUp = (order: Pick<SeedOrder, 'links'>): Promise<void> => riderDoes(order, async (rider) => (await rider.accept(), rider.pickup()));

/** The rider enters the buyer's code: delivered, awaiting settlement. */
export const deliver = (order: Pick<SeedOrder, 'links' | 'deliveryCode'>): Promise<void> => riderDoes(order, (rider) => rider.complete(order.deliveryCode ?? ''));

/** An order paid (unless it is a cash order), with a rider from the seller's list assigned (not yet accepted): the rider link is `links.rider`. */
export async function seedAssignedOrder(seller: Seller, input: OrderInput = {}): Promise<{ order: SeedOrder; rider: SeedRider }> {
  const created = await seller.createOrder(input);
  if ((input.paymentMethod ?? 'mpesa_prepay') !== 'cash') await payOrder(created);
  const rider = await seller.addRider();
  const assigned = await seller.assignRider(created.id, rider.id);
  if (!assigned.links.rider) throw new Error(`order ${created.trackingNumber}: no rider link after assigning`);
  // The code the payer got by SMS (a cash order's buyer got it when the order was made).
  const deliveryCode = created.deliveryCode ?? (await readDeliveryCodeSms(created, `+254${(input.buyerPhone ?? http.DEFAULT_ORDER.buyerPhone).replace(/\D/g, '').slice(-9)}`));
  return { order: { ...assigned, deliveryCode }, rider };
}

/** An order taken all the way to "delivered, awaiting settlement": it keeps its code and rider link. */
export async function seedDeliveredOrder(seller: Seller, input: OrderInput = {}): Promise<SeedOrder> {
  const { order } = await seedAssignedOrder(seller, input);
  await pickUp(order);
  await deliver(order);
  const delivered = await seller.order(order.id);
  return { ...delivered, deliveryCode: order.deliveryCode ?? '', links: { ...delivered.links, rider: delivered.links.rider ?? order.links.rider } };
}

/** A message through the public contact form's API, from a visitor's client of its own. */
export const sendContactMessage = (name: string, message: string): Promise<void> => withClient({}, (visitor) => http.sendContactMessage(visitor, name, message));

const CLI = fileURLToPath(new URL('../../apps/cli/dist/main.js', import.meta.url));

/** Gives the account the admin role with the compiled admin CLI (`escrow-admin grant-admin EMAIL`) on the e2e server's SQLite database. */
export async function grantAdmin(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'grant-admin', email], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  return stdout.trim();
}
