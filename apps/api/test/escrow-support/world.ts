import { payByPaybill } from '@escrow/core/testing';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  addRider,
  assignRider,
  acceptJob,
  completeDelivery,
  confirmPayment,
  confirmPickup,
  createOrder,
  type CreateOrderInput,
  type EscrowDeps,
  type Clock,
  type EventBus,
  type Order,
  type Result,
} from '@escrow/core';
import type { DatabaseHandle, SqlDialect } from '@escrow/db-kysely';
import { InProcessEventBus } from '@escrow/events-memory';
import type { Hono } from 'hono';
import { freshAddress, freshPhone as freshPhones } from '@escrow/test-kit';
import type { EscrowHttpOptions } from '../../src/features/escrow-context.js';
import { composeApi, DIALECTS, postgres } from '../helpers/composed-api.js';
import type { LogEntry } from '../helpers/recording-logger.js';

/** Every escrow API suite runs on both databases (PostgreSQL is mandatory with CI=true). */
export { DIALECTS, postgres };

export const PAYBILL = { businessNumber: '522533', accountName: 'Escrow Delivery Ltd' } as const;

export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code} ${result.error.detail ?? ''}`);
  return result.value;
}

/** A fresh Kenyan mobile number in E.164 (the kit's, as the store keeps it). */
export const freshPhone = (): string => freshPhones().e164;
/** The national form people type, to prove normalisation. */
export const localForm = (e164: string): string => `0${e164.slice(4)}`;

export interface World {
  readonly dialect: SqlDialect;
  readonly app: Hono;
  readonly deps: EscrowDeps;
  readonly handle: DatabaseHandle;
  readonly logs: LogEntry[];
  readonly uploadsDir: string;
  /** The console notifier's file (NOTIFY_CONSOLE_FILE): the SMS the outbox dispatcher sent, as sent (delivered codes leave the outbox). */
  readonly consoleFile: string;
  /** Runs the outbox dispatcher now and resolves when every message committed so far is sent (Composed.sendOutboxNow). */
  sendOutboxNow(): Promise<void>;
  seller(name?: string): Promise<{ sellerId: string; actor: { kind: 'seller'; sellerId: string } }>;
  riderOf(sellerId: string, phone?: string): Promise<string>;
  order(sellerId: string, input?: Partial<CreateOrderInput>): Promise<Order>;
  paid(sellerId: string, input?: Partial<CreateOrderInput>): Promise<Order>;
  assigned(sellerId: string, riderPhone?: string): Promise<{ order: Order; phone: string; key: string }>;
  inTransit(sellerId: string): Promise<{ order: Order; phone: string; key: string }>;
  delivered(sellerId: string): Promise<{ order: Order; phone: string; key: string }>;
  reload(orderId: string): Promise<Order>;
  dispose(): Promise<void>;
}

export interface WorldOptions {
  /** The Paybill's PAYBILL_* settings (default: PAYBILL's); `{}`: none configured. */
  readonly paybill?: EscrowHttpOptions['paybill'];
  /** The live-event bus in place of the deployment's (ComposeOptions.events): one a test observes or makes miss events. */
  readonly events?: EventBus;
  /** The live streams' heartbeat (ComposeOptions.liveHeartbeatMs); `closing` aborted ends them as shutdown does (Composed.endLiveStreams). */
  readonly live?: { readonly heartbeatMs?: number; readonly closing?: AbortSignal };
  /** DATABASE_POOL_SIZE on PostgreSQL (default 8). */
  readonly poolSize?: number;
  /**
   * PostgreSQL as the composition root wires it: live events over LISTEN/NOTIFY (the channel of
   * this world's schema), NOTIFYed by the store in each change's commit (docs/decisions/0022). The
   * default on PostgreSQL unless the test gives `events`; false: an in-process bus, the core
   * publishing after commit.
   */
  readonly asDeployed?: boolean;
  /** The clock of the core and of the rate limits (default: the system's); a FixedClock lets a test cross limit windows. */
  readonly clock?: Clock;
  /** A built-frontend folder to serve (FRONTEND_DIST: the app's static frontend and server-rendered lean pages). */
  readonly frontendDist?: string;
}

let receiptCounter = 0;
export const receipt = (): string => `QK${String(Date.now() % 1e6).padStart(6, '0')}${String((receiptCounter += 1) % 100).padStart(2, '0')}`.slice(0, 10);

/** A fresh M-Pesa-shaped reference of money going out (a refund, a payout): each is recorded once (decision 0050). */
export const payoutReference = (): string => `R${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 9)}`;

/**
 * The app production composes (compose() through composeApi, decision 0072) on a fresh database
 * of `dialect`, with helpers that drive the core on its own dependencies.
 */
export async function openWorld(dialect: SqlDialect, options: WorldOptions = {}): Promise<World> {
  const paybill = options.paybill ?? PAYBILL;
  // PostgreSQL worlds are wired as deployed (LISTEN/NOTIFY) unless a test brings its own event bus or asks not to.
  const events = options.events ?? (dialect === 'postgres' && options.asDeployed === false ? new InProcessEventBus() : undefined);
  const api = await composeApi(dialect, {
    env: {
      PAYBILL_BUSINESS_NUMBER: paybill.businessNumber,
      PAYBILL_ACCOUNT_NAME: paybill.accountName,
      ...(dialect === 'postgres' ? { DATABASE_POOL_SIZE: String(options.poolSize ?? 8) } : {}),
      ...(options.frontendDist ? { FRONTEND_DIST: options.frontendDist } : {}),
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(events ? { events } : {}),
    ...(options.live?.heartbeatMs ? { liveHeartbeatMs: options.live.heartbeatMs } : {}),
  });
  const { app, deps, database: handle } = api.composed;
  // The test's shutdown signal ends the live streams as the server's shutdown does.
  const closing = options.live?.closing;
  if (closing) closing.addEventListener('abort', () => api.composed.endLiveStreams(), { once: true });
  const uploadsDir = join(api.dataDir, 'uploads');

  const world: World = {
    dialect,
    app,
    deps,
    handle,
    logs: api.logs,
    uploadsDir,
    consoleFile: api.env['NOTIFY_CONSOLE_FILE'] ?? join(api.dataDir, 'console-notifier.log'),
    sendOutboxNow: () => api.composed.sendOutboxNow(),
    async seller(name = 'Amani Phones') {
      const now = new Date().toISOString();
      const userId = randomUUID();
      const sellerId = randomUUID();
      await handle.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, password_hash: '-', created_at: now, last_sign_in_at: null }).execute();
      await handle.db
        .insertInto('sellers')
        .values({ id: sellerId, user_id: userId, business_name: name, business_profile: null, location: 'Westlands', phone: '+254711111111', whatsapp: null, logo_url: null, about: null, payment_method: 'direct_mpesa', payment_number: '+254711111111', payout_phone: '+254711111111', terms_accepted: dialect === 'sqlite' ? 1 : true, terms_accepted_at: now, email: null, created_at: now, updated_at: now })
        .execute();
      return { sellerId, actor: { kind: 'seller', sellerId } as const };
    },
    async riderOf(sellerId, phone = freshPhone()) {
      must(await addRider(deps, { actor: { kind: 'seller', sellerId }, name: 'Otieno', phone, motorbikePlate: 'KMEA 123A' }));
      return phone;
    },
    async order(sellerId, input = {}) {
      return must(
        await createOrder(deps, {
          actor: { kind: 'seller', sellerId },
          input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng Odhiambo', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa, Othaya Road, Flat 3B', deliveryCost: 300_00, estate: 'Kileleshwa', landmark: 'Near the mosque', houseNumber: '3B', pinLocationLink: 'https://maps.example.com/p/1', ...input },
        }),
      );
    },
    async paid(sellerId, input = {}) {
      const order = await world.order(sellerId, input);
      // Paid as M-Pesa pays: the Paybill's C2B confirmation for the order, then the buyer's typed receipt finds it.
      const paidWith = await payByPaybill(deps, order, receipt());
      must(await confirmPayment(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, mpesaReceipt: paidWith, termsAccepted: true }));
      return world.reload(order.id);
    },
    async assigned(sellerId, riderPhone = freshPhone()) {
      const order = await world.paid(sellerId);
      const assigned = must(await assignRider(deps, { orderId: order.id, actor: { kind: 'seller', sellerId }, rider: { name: 'Otieno', phone: riderPhone } }));
      return { order: assigned, phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' };
    },
    async inTransit(sellerId) {
      const a = await world.assigned(sellerId);
      const rider = { kind: 'rider', phone: a.phone, key: a.key } as const;
      must(await acceptJob(deps, { orderId: a.order.id, actor: rider }));
      must(await confirmPickup(deps, { orderId: a.order.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
      return { ...a, order: await world.reload(a.order.id) };
    },
    async delivered(sellerId) {
      const t = await world.inTransit(sellerId);
      must(await completeDelivery(deps, { orderId: t.order.id, actor: { kind: 'rider', phone: t.phone, key: t.key }, code: t.order.deliveryCode }));
      return { ...t, order: await world.reload(t.order.id) };
    },
    async reload(orderId) {
      const order = await deps.store.read((tx) => tx.orders.get(orderId));
      if (!order) throw new Error(`order ${orderId} vanished`);
      return order;
    },
    dispose: () => api.dispose(),
  };
  return world;
}

/** Bindings that make the app see `address` as the TCP peer (as @hono/node-server passes them). */
export const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/** A different client address each call (IPv4 from 10.0.0.0/8), the kit's. */
export { freshAddress };

/** Request helpers: JSON bodies, credentials as headers, a client address per call. */
export function client(app: Hono) {
  const call = async (method: string, path: string, options: { headers?: Record<string, string>; json?: unknown; body?: RequestInit['body']; address?: string } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: RequestInit['body'] | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }, from(options.address ?? freshAddress()));
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json: json as { data?: Record<string, unknown> & { [k: string]: unknown }; error?: { code: string; message: string; attemptsLeft?: number } } };
  };
  return {
    call,
    get: (path: string, options: Parameters<typeof call>[2] = {}) => call('GET', path, options),
    post: (path: string, options: Parameters<typeof call>[2] = {}) => call('POST', path, options),
  };
}

export const buyerHeaders = (code: string, extra: Record<string, string> = {}) => ({ 'x-delivery-code': code, ...extra });
export const riderHeaders = (phone: string, key?: string | null, extra: Record<string, string> = {}) => ({
  'x-rider-phone': phone,
  ...(key ? { 'x-rider-key': key } : {}),
  ...extra,
});

/** The smallest valid PNG (1x1), and a JPEG header: real image magic numbers. */
export const PNG = new Uint8Array(
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c5c10000000049454e44ae426082', 'hex'),
);

export function photoForm(bytes: Uint8Array, name = 'pickup.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('photo', new File([Buffer.from(bytes)], name, { type }));
  return form;
}
