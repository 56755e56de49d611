import type { AdminQueries, AdminStore, EscrowDeps, EscrowQueries, FileStorage, IdempotencyStore, PaybillDestination, PaymentConfigDefaults, RateLimiter, RecordSmsDeliveryReportDeps, RiderPhoneDeps, StoredFileReader } from '@escrow/core';
import { sha256Digest } from '../accounts/sha256-digest.js';
import type { Context } from 'hono';
import type { BuyerBudgetDeps } from '../http/buyer-budget.js';
import { clientAddress } from '../http/client-address.js';
import type { IpAllowList } from '../http/ip-allow-list.js';
import type { Logger } from '../http/logger.js';
import { paybillSource, type PaybillSource } from './shared/paybill-source.js';
import type { IdempotencyDeps } from '../http/idempotency.js';
import { LiveOrders } from '../http/sse.js';

/** What the escrow routes (buyer, rider, public tracking, photos, live) need; given to createApp. */
export interface EscrowHttpOptions {
  /** The core's ports (store, clock, random, payments, fees, events). */
  readonly deps: EscrowDeps;
  readonly files: FileStorage;
  /** Serves stored photos back by URL, read through the storage; absent when a CDN serves them. */
  readonly photoFiles?: StoredFileReader;
  readonly idempotency: IdempotencyStore;
  readonly rateLimiter: RateLimiter;
  /** The platform Paybill shown to buyers; unset fields mean "not configured", never a default. */
  readonly paybill: PaybillDestination;
  /** Proxies in front of the API whose X-Forwarded-For is trusted (0: use the TCP peer). */
  readonly trustProxyHops?: number;
  /** Live streams: heartbeat and lifetime; `closing` is aborted when the process shuts down (streams end with a reconnect hint). */
  readonly live?: { readonly heartbeatMs?: number; readonly maxLifetimeMs?: number; readonly closing?: AbortSignal };
  /** Read models of the seller and admin screens; with them the session routes are mounted (/api/seller/orders, /riders, /dashboard, /fee-policy; /api/admin; /api/live/seller, /admin). */
  readonly queries?: EscrowQueries;
  /** PUBLIC_BASE_URL: the origin of the buyer, seller and rider links (else the request's origin). */
  readonly publicBaseUrl?: string;
  /** The admin area (issue 6): its read models and store. With it, buyers see the admin's saved Paybill (`paybill` is then the fallback). */
  readonly admin?: AdminHttpOptions;
  /** A server secret keying the buyer's proof cookie (decision 0040); without it no proof is given, and every request spends the budgets. */
  readonly buyerProofKey?: string;
  /** Daraja's callbacks are taken at /api/payments/callbacks/<secret>/...; absent: not mounted. */
  readonly mpesaCallbackSecret?: string;
  /** MPESA_CALLBACK_ALLOWED_IPS: only these addresses reach the callback routes (others: 404); absent: any. */
  readonly mpesaCallbackAllowList?: IpAllowList;
  /** Africa's Talking's delivery reports are taken at /api/sms/callbacks/<secret>/delivery; absent: not mounted. */
  readonly smsCallbacks?: { readonly secret: string; readonly deps: RecordSmsDeliveryReportDeps };
  /** Asks the outbox dispatcher to send now (a rider's phone code arrives in seconds); absent: the next round sends it. */
  readonly sendOutboxSoon?: () => void;
  /** Runs a payout round now (a payout approved or retried), when payouts are on. */
  readonly wakePayouts?: () => void;
}

export interface AdminHttpOptions {
  readonly queries: AdminQueries;
  readonly store: AdminStore;
}

/** The options plus what createApp builds once for all routes. */
export interface EscrowHttp extends EscrowHttpOptions {
  readonly logger: Logger;
  readonly liveOrders: LiveOrders;
  readonly heartbeatMs: number;
  readonly maxLifetimeMs: number;
  /** Aborted when the process shuts down: every live stream ends with a reconnect hint. */
  readonly closing: AbortSignal;
  /** The Paybill buyers pay into: saved by an admin (with `admin`), else `paybill`. */
  readonly paybillSource: PaybillSource;
  /** What `idempotent` needs: the stored keys and the clock. */
  readonly keys: IdempotencyDeps;
  /** The buyer page's budget: its limiter, clock, proof key and address rule. */
  readonly buyerBudget: BuyerBudgetDeps;
  /** Riders proving their phone (decision 0046): the escrow store, clock, random and the digest of codes and proofs. */
  readonly riderPhone: RiderPhoneDeps;
  /** Whether cookies must be Secure whatever the request says (PUBLIC_BASE_URL is https); else the request's scheme decides. */
  readonly secureCookies: true | undefined;
  address(c: Context): string;
}

export function escrowHttp(options: EscrowHttpOptions, logger: Logger): EscrowHttp {
  const address = (c: Context) => clientAddress(c, options.trustProxyHops ?? 0);
  return {
    ...options,
    logger,
    keys: { store: options.idempotency, clock: options.deps.clock },
    liveOrders: new LiveOrders(options.deps.events),
    heartbeatMs: options.live?.heartbeatMs ?? 15_000,
    maxLifetimeMs: options.live?.maxLifetimeMs ?? 30 * 60_000,
    closing: options.live?.closing ?? new AbortController().signal,
    paybillSource: options.admin
      ? paybillSource({ queries: options.admin.queries, defaults: paymentDefaults(options.paybill), events: options.deps.events })
      : { current: async () => options.paybill, invalidate: () => undefined, close: () => undefined },
    buyerBudget: {
      rateLimiter: options.rateLimiter,
      clock: options.deps.clock,
      ...(options.buyerProofKey ? { proofKey: options.buyerProofKey } : {}),
      secureCookies: options.publicBaseUrl?.startsWith('https://') === true,
      address,
    },
    riderPhone: { store: options.deps.store, clock: options.deps.clock, random: options.deps.random, digest: sha256Digest },
    secureCookies: options.publicBaseUrl?.startsWith('https://') ? true : undefined,
    address,
  };
}

/** The operator's Paybill (environment) as the admin area's fallback. */
export const paymentDefaults = (paybill: PaybillDestination): PaymentConfigDefaults => ({ businessNumber: paybill.businessNumber, accountName: paybill.accountName });
