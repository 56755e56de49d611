import { payByPaybill } from '@escrow/core/testing';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { acceptJob, assignRider, completeDelivery, confirmPayment, confirmPickup, createOrder, type CreateOrderInput, type EscrowDeps, type Order } from '@escrow/core';
import type { SqlDialect } from '@escrow/db-kysely';
import type { Hono } from 'hono';
import type { Composed } from '../../src/composition-root.js';
import { composeApi } from '../helpers/composed-api.js';
import type { LogEntry } from '../helpers/recording-logger.js';
import type { SmsSource } from '../helpers/rider-code-sms.js';
import { freshAddress, freshPhone, from, must, receipt } from '../escrow-support/world.js';

/** Every part-B suite runs on both databases (PostgreSQL is mandatory with CI=true). */
export { DIALECTS } from '../helpers/composed-api.js';

/** The origin `app.request('/path')` answers as; the CSRF check wants writes from it. */
export const ORIGIN = 'http://localhost';
export const PASSWORD = 'Sokoni#2026';

export const SELLER_SIGNUP = {
  location: 'Westlands, Nairobi',
  phone: '0712 345 678',
  paymentMethod: 'direct_mpesa',
  paymentNumber: '0712345678',
  termsAccepted: true,
} as const;

/** The create-order form as a browser sends it (KSh, not cents). */
export const ORDER_FORM = {
  itemName: 'iPhone 13',
  price: '65000.00',
  buyerName: 'Achieng Odhiambo',
  buyerPhone: '0722 000 111',
  buyerAddress: 'Kileleshwa, Othaya Road, Flat 3B',
  deliveryCost: '300',
  estate: 'Kileleshwa',
  landmark: 'Near the mosque',
  houseNumber: '3B',
  pinLocationLink: 'https://maps.example.com/p/1',
} as const;

/** The create-order form as multipart, with its product photo (bytes, or a text in the file field) and packaged photo. */
export function orderForm(fields: Record<string, string>, photos: { product?: Uint8Array | string; packaged?: Uint8Array } = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (photos.product !== undefined) form.set('productPhoto', typeof photos.product === 'string' ? photos.product : new File([Buffer.from(photos.product)], 'product.png', { type: 'image/png' }));
  if (photos.packaged) form.set('packagedPhoto', new File([Buffer.from(photos.packaged)], 'packaged.jpg', { type: 'image/jpeg' }));
  return form;
}

/** The photos stored in the world's uploads under `folders`, as `folder/name`. */
export const storedPhotos = (world: { readonly dataDir: string }, folders: readonly string[] = ['products', 'packaged']): string[] => {
  const root = join(world.dataDir, 'uploads', 'order-photos');
  return folders.flatMap((folder) => (existsSync(join(root, folder)) ? readdirSync(join(root, folder)).map((name) => `${folder}/${name}`) : []));
};

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: { data?: any; error?: { code: string; message: string; attemptsLeft?: number } };
}

export interface CallOptions {
  readonly cookie?: string | undefined;
  readonly json?: unknown;
  readonly body?: RequestInit['body'];
  readonly form?: FormData;
  readonly headers?: Record<string, string>;
  readonly address?: string;
}

export interface Session {
  readonly cookie: string;
  readonly userId: string;
  readonly email: string;
}

export interface SellerSession extends Session {
  readonly sellerId: string;
  readonly actor: { readonly kind: 'seller'; readonly sellerId: string };
}

export interface SellerWorld {
  readonly dialect: SqlDialect;
  readonly composed: Composed;
  readonly app: Hono;
  readonly deps: EscrowDeps;
  readonly logs: LogEntry[];
  readonly dataDir: string;
  /** The environment the API was composed from (DATA_DIR, DATABASE_URL for PostgreSQL): the admin CLI's too. */
  readonly env: NodeJS.ProcessEnv;
  /** Where the SMS the API sends can be read (the console notifier's file, NOTIFY_CONSOLE_FILE). */
  readonly sms: SmsSource;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** A signed-in account without a seller record. */
  account(): Promise<Session>;
  /** A signed-in account with a seller record (through the real sign-up and profile routes). */
  seller(businessName?: string): Promise<SellerSession>;
  /** A signed-in admin (the role row is what the admin CLI writes). */
  admin(): Promise<Session>;
  riderOf(seller: SellerSession, phone?: string): Promise<string>;
  /** Orders made through the core (fast set-up); the API is what the tests exercise. */
  order(seller: SellerSession, input?: Partial<CreateOrderInput>): Promise<Order>;
  paid(seller: SellerSession, input?: Partial<CreateOrderInput>): Promise<Order>;
  assigned(seller: SellerSession, phone?: string, input?: Partial<CreateOrderInput>): Promise<{ order: Order; phone: string; key: string }>;
  inTransit(seller: SellerSession, input?: Partial<CreateOrderInput>): Promise<{ order: Order; phone: string; key: string }>;
  delivered(seller: SellerSession, input?: Partial<CreateOrderInput>): Promise<{ order: Order; phone: string; key: string }>;
  reload(orderId: string): Promise<Order>;
  dispose(): Promise<void>;
}

export interface SellerWorldOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** The payment reconciler's round (default: the composition root's). */
  readonly reconcileIntervalMs?: number;
  /** The payout worker's round (default: the composition root's). */
  readonly payoutIntervalMs?: number;
}

/**
 * The API exactly as production composes it (composition root: accounts, sessions, CSRF,
 * escrow routes, read models, rate limits, live events) on a fresh SQLite file or PostgreSQL
 * schema; requests go through `app.request` with a chosen client address.
 */
export async function openSellerWorld(dialect: SqlDialect, options: SellerWorldOptions = {}): Promise<SellerWorld> {
  const api = await composeApi(dialect, { ...(options.env ? { env: options.env } : {}), ...(options.reconcileIntervalMs ? { reconcileIntervalMs: options.reconcileIntervalMs } : {}), ...(options.payoutIntervalMs ? { payoutIntervalMs: options.payoutIntervalMs } : {}) });
  const { composed, env, dataDir } = api;
  // Over a https PUBLIC_BASE_URL the session cookie is `__Host-session` (Secure).
  const cookieName = env['PUBLIC_BASE_URL']?.startsWith('https://') ? '__Host-session' : 'session';
  const { app, deps } = composed;
  const db = composed.database.db;

  const call: SellerWorld['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN, ...o.headers };
    if (o.cookie !== undefined) headers['cookie'] = `${cookieName}=${o.cookie}`;
    let body: RequestInit['body'] | undefined = o.body;
    if (o.form) body = o.form;
    else if (o.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.json);
    }
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) }, from(o.address ?? freshAddress()));
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, text: 'event-stream', body: {} };
    }
    const text = await response.text();
    let parsed: Reply['body'] = {};
    try {
      parsed = text ? (JSON.parse(text) as Reply['body']) : {};
    } catch {
      parsed = {};
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };

  const account = async (): Promise<Session> => {
    const email = `u${randomUUID().slice(0, 12)}@example.com`;
    const reply = await call('POST', '/api/auth/sign-up', { json: { email, password: PASSWORD } });
    const cookie = /^(?:__Host-)?session=([^;]+)/m.exec(reply.headers.getSetCookie().join('\n'))?.[1];
    if (reply.status !== 201 || !cookie) throw new Error(`sign-up failed: ${reply.status} ${reply.text}`);
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { cookie, userId: user.id, email };
  };

  const world: SellerWorld = {
    dialect,
    composed,
    app,
    deps,
    logs: api.logs,
    dataDir,
    env,
    sms: { db, ...(env['NOTIFY_CONSOLE_FILE'] ? { consoleFile: env['NOTIFY_CONSOLE_FILE'] } : {}) },
    call,
    account,
    async seller(businessName = 'Amani Phones') {
      const session = await account();
      const reply = await call('POST', '/api/seller/profile', { cookie: session.cookie, json: { ...SELLER_SIGNUP, businessName } });
      if (reply.status !== 201) throw new Error(`seller profile failed: ${reply.status} ${reply.text}`);
      const sellerId = String(reply.body.data.id);
      return { ...session, sellerId, actor: { kind: 'seller', sellerId } };
    },
    async admin() {
      const session = await account();
      await db.insertInto('user_roles').values({ user_id: session.userId, role: 'admin', granted_by: null, created_at: new Date().toISOString() }).execute();
      return session;
    },
    async riderOf(seller, phone = freshPhone()) {
      const reply = await call('POST', '/api/seller/riders', { cookie: seller.cookie, json: { name: 'Otieno', phone, motorbikePlate: 'KMEA 123A' } });
      if (reply.status !== 201) throw new Error(`add rider failed: ${reply.status} ${reply.text}`);
      return phone;
    },
    async order(seller, input = {}) {
      return must(
        await createOrder(deps, {
          actor: seller.actor,
          input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng Odhiambo', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa, Othaya Road, Flat 3B', deliveryCost: 300_00, estate: 'Kileleshwa', ...input },
        }),
      );
    },
    async paid(seller, input = {}) {
      const order = await world.order(seller, input);
      // Paid as M-Pesa pays: the Paybill's C2B confirmation for the order, then the buyer's typed receipt finds it.
      const paidWith = await payByPaybill(deps, order, receipt());
      must(await confirmPayment(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, mpesaReceipt: paidWith, termsAccepted: true }));
      return world.reload(order.id);
    },
    async assigned(seller, phone = freshPhone(), input = {}) {
      const order = await world.paid(seller, input);
      const assigned = must(await assignRider(deps, { orderId: order.id, actor: seller.actor, rider: { name: 'Otieno', phone } }));
      return { order: assigned, phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' };
    },
    async inTransit(seller, input = {}) {
      const a = await world.assigned(seller, undefined, input);
      const rider = { kind: 'rider', phone: a.phone, key: a.key } as const;
      must(await acceptJob(deps, { orderId: a.order.id, actor: rider }));
      must(await confirmPickup(deps, { orderId: a.order.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
      return { ...a, order: await world.reload(a.order.id) };
    },
    async delivered(seller, input = {}) {
      const t = await world.inTransit(seller, input);
      must(await completeDelivery(deps, { orderId: t.order.id, actor: { kind: 'rider', phone: t.phone, key: t.key }, code: t.order.deliveryCode }));
      return { ...t, order: await world.reload(t.order.id) };
    },
    async reload(orderId) {
      const order = await deps.store.read((tx) => tx.orders.get(orderId));
      if (!order) throw new Error(`order ${orderId} vanished`);
      return order;
    },
    async dispose() {
      await api.dispose();
    },
  };
  return world;
}

/** A fresh Idempotency-Key header. */
export const idempotencyKey = (): Record<string, string> => ({ 'idempotency-key': randomUUID() });
