import type { Locale } from '../i18n/locale.js';
import type { Posting } from '../ledger/posting.js';
import type { Payout } from '../payouts/payout.js';
import type { Order } from '../orders/order.js';
import type { EscrowStore, EscrowTx } from '../ports/escrow-store.js';
import { moneyOutReferenceKey, type MoneyOutReference } from '../ports/money-out-references.js';
import { IdempotencyKeyUsed, type StoredIdempotentAnswer, type TransactionOptions } from '../ports/idempotency-store.js';
import type { C2bPayment } from '../payments/c2b-payment.js';
import type { StatusQuery } from '../payments/status-query.js';
import type { StkRequest } from '../payments/stk-request.js';
import { memoryMpesaPayments } from './memory-mpesa-payments.js';
import type { RiderPhoneCode, RiderPhoneProof } from '../riders/rider-phone-records.js';
import type { CodeAttempt, Feedback, OrderEvent, OutboxMessage, RefundRequest, Rider, RiderPaymentConfirmation, SellerRef } from '../ports/records.js';

/** Everything the in-memory store holds. Records are immutable, so shallow copies isolate. */
export interface MemoryState {
  orders: Map<string, Order>;
  receipts: Map<string, string>;
  /** By reference (trimmed, upper case). */
  moneyOutReferences: Map<string, MoneyOutReference>;
  stkRequests: Map<string, StkRequest>;
  c2bPayments: Map<string, C2bPayment>;
  statusQueries: Map<string, StatusQuery>;
  postings: Posting[];
  sellers: Map<string, SellerRef>;
  riders: Map<string, Rider>;
  /** Riders' languages by phone (decision 0066). */
  riderLocales: Map<string, Locale>;
  refunds: Map<string, RefundRequest>;
  payouts: Map<string, Payout>;
  feedback: Map<string, Feedback>;
  riderPayments: RiderPaymentConfirmation[];
  events: OrderEvent[];
  codeAttempts: CodeAttempt[];
  outbox: Map<string, OutboxMessage>;
  riderPhoneCodes: Map<string, RiderPhoneCode>;
  /** By token hash. */
  riderPhoneProofs: Map<string, RiderPhoneProof>;
  /** Idempotency-Keys by `scope\nkey`, written with their change. */
  idempotencyKeys: Map<string, StoredIdempotentAnswer & { expiresAt: Date }>;
}

const emptyState = (): MemoryState => ({
  orders: new Map(),
  receipts: new Map(),
  moneyOutReferences: new Map(),
  stkRequests: new Map(),
  c2bPayments: new Map(),
  statusQueries: new Map(),
  postings: [],
  sellers: new Map(),
  riders: new Map(),
  riderLocales: new Map(),
  refunds: new Map(),
  payouts: new Map(),
  feedback: new Map(),
  riderPayments: [],
  events: [],
  codeAttempts: [],
  outbox: new Map(),
  riderPhoneCodes: new Map(),
  riderPhoneProofs: new Map(),
  idempotencyKeys: new Map(),
});

const copyState = (s: MemoryState): MemoryState => ({
  orders: new Map(s.orders),
  receipts: new Map(s.receipts),
  moneyOutReferences: new Map(s.moneyOutReferences),
  stkRequests: new Map(s.stkRequests),
  c2bPayments: new Map(s.c2bPayments),
  statusQueries: new Map(s.statusQueries),
  postings: [...s.postings],
  sellers: new Map(s.sellers),
  riders: new Map(s.riders),
  riderLocales: new Map(s.riderLocales),
  refunds: new Map(s.refunds),
  payouts: new Map(s.payouts),
  feedback: new Map(s.feedback),
  riderPayments: [...s.riderPayments],
  events: [...s.events],
  codeAttempts: [...s.codeAttempts],
  outbox: new Map(s.outbox),
  riderPhoneCodes: new Map(s.riderPhoneCodes),
  riderPhoneProofs: new Map(s.riderPhoneProofs),
  idempotencyKeys: new Map(s.idempotencyKeys),
});

/** The first delivery of an outbox message wins (markDelivered and markAllDelivered alike). */
function markOutboxDelivered(
  s: MemoryState,
  { id, at, providerId, providerCost }: { readonly id: string; readonly at: Date; readonly providerId?: string | undefined; readonly providerCost?: string | undefined },
  replacePayload?: Readonly<Record<string, unknown>>,
): void {
  const m = s.outbox.get(id);
  if (m && m.deliveredAt === null) s.outbox.set(id, { ...m, deliveredAt: at, ...(providerId ? { providerId } : {}), ...(providerCost ? { providerCost } : {}), ...(m.givenUpAt ? { givenUpAt: null } : {}), ...(replacePayload ? { payload: { ...replacePayload } } : {}) });
}

function bind(s: MemoryState): EscrowTx {
  return {
    orders: {
      insert: async (order) => {
        if (s.orders.has(order.id)) throw new Error(`duplicate order id ${order.id}`);
        if ([...s.orders.values()].some((o) => o.trackingNumber === order.trackingNumber)) throw new Error('duplicate tracking number');
        s.orders.set(order.id, order);
      },
      insertIfTrackingNumberFree: async (order) => {
        if ([...s.orders.values()].some((o) => o.trackingNumber === order.trackingNumber)) return false;
        if (s.orders.has(order.id)) throw new Error(`duplicate order id ${order.id}`);
        s.orders.set(order.id, order);
        return true;
      },
      get: async (id) => s.orders.get(id),
      listUnverifiedPayments: async (limit) =>
        [...s.orders.values()]
          .filter((o) => (!o.paymentConfirmed && o.paymentClaimedAt !== null && o.status !== 'cancelled') || (o.paymentConfirmed && o.paymentVerifiedBy === null && o.paymentMethod !== 'cash'))
          .sort((a, b) => (a.paymentClaimedAt ?? a.paymentConfirmedAt ?? a.createdAt).getTime() - (b.paymentClaimedAt ?? b.paymentConfirmedAt ?? b.createdAt).getTime())
          .slice(0, limit),
      findByTrackingNumber: async (trackingNumber) => [...s.orders.values()].find((o) => o.trackingNumber === trackingNumber),
      getBuyerPage: async (id) => {
        const order = s.orders.get(id);
        if (!order) return undefined;
        const refundRequested = [...s.refunds.values()].some((r) => r.orderId === id && r.status === 'open');
        return { order, seller: s.sellers.get(order.sellerId) ?? null, feedback: s.feedback.get(id) ?? null, refundRequested };
      },
      getForUpdate: async (id) => s.orders.get(id),
      update: async (id, expectedVersion, changes) => {
        const current = s.orders.get(id);
        if (!current || current.version !== expectedVersion) return false;
        s.orders.set(id, { ...current, ...changes, version: current.version + 1 });
        return true;
      },
      listBySeller: async (sellerId, page) =>
        [...s.orders.values()]
          .filter((o) => o.sellerId === sellerId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(page.offset, page.offset + page.limit),
      listAvailableForRider: async (phone) =>
        [...s.orders.values()].filter(
          (o) => o.status === 'paid' && o.riderPhone === null && [...s.riders.values()].some((r) => r.sellerId === o.sellerId && r.phone === phone),
        ),
      listAssignedToRider: async (phone) => [...s.orders.values()].filter((o) => o.riderPhone === phone),
    },
    receipts: {
      claim: async (receipt, orderId) => {
        if (s.receipts.has(receipt)) return false;
        s.receipts.set(receipt, orderId);
        return true;
      },
    },
    moneyOutReferences: {
      claim: async ({ reference, kind, orderId, ownerId, at }) => {
        const key = moneyOutReferenceKey(reference);
        const taken = s.moneyOutReferences.get(key);
        if (taken) return taken.kind === kind && taken.ownerId === ownerId;
        s.moneyOutReferences.set(key, { reference: key, kind, orderId, ownerId, recordedAt: at });
        return true;
      },
      get: async (reference) => s.moneyOutReferences.get(moneyOutReferenceKey(reference)),
      isPaymentReceipt: async (reference) => {
        const key = moneyOutReferenceKey(reference);
        return s.receipts.has(key) || s.c2bPayments.has(key) || [...s.stkRequests.values()].some((r) => r.callbackReceipt === key);
      },
    },
    mpesa: memoryMpesaPayments(s),
    ledger: {
      append: async (postings) => {
        s.postings.push(...postings);
      },
      listByOrder: async (orderId) => s.postings.filter((p) => p.orderId === orderId),
    },
    sellers: { get: async (id) => s.sellers.get(id) },
    riders: {
      insert: async (rider) => {
        s.riders.set(rider.id, rider);
      },
      insertUnlessListed: async (rider) => {
        const listed = [...s.riders.values()].find((r) => r.sellerId === rider.sellerId && r.phone === rider.phone);
        if (listed) return listed;
        s.riders.set(rider.id, rider);
        return rider;
      },
      get: async (id) => s.riders.get(id),
      listBySeller: async (sellerId) => [...s.riders.values()].filter((r) => r.sellerId === sellerId),
      findBySellerAndPhone: async (sellerId, phone) => [...s.riders.values()].find((r) => r.sellerId === sellerId && r.phone === phone),
      isListedAnywhere: async (phone) => [...s.riders.values()].some((r) => r.phone === phone),
      delete: async (id) => s.riders.delete(id),
      localeOf: async (phone) => s.riderLocales.get(phone) ?? 'en',
      setLocale: async (phone, locale) => {
        s.riderLocales.set(phone, locale);
      },
    },
    riderPhoneCodes: {
      insert: async (code) => {
        if (s.riderPhoneCodes.has(code.id)) throw new Error(`duplicate rider phone code id ${code.id}`);
        s.riderPhoneCodes.set(code.id, code);
      },
      supersedeAll: async (phone) => {
        for (const code of s.riderPhoneCodes.values()) if (code.phone === phone && !code.used) s.riderPhoneCodes.set(code.id, { ...code, used: true });
      },
      latestUnusedForUpdate: async (phone) =>
        [...s.riderPhoneCodes.values()]
          .filter((c) => c.phone === phone && !c.used)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))[0],
      recordWrongAttempt: async (id) => {
        const code = s.riderPhoneCodes.get(id);
        if (!code) throw new Error(`no rider phone code ${id}`);
        s.riderPhoneCodes.set(id, { ...code, attempts: code.attempts + 1 });
        return code.attempts + 1;
      },
      markUsed: async (id) => {
        const code = s.riderPhoneCodes.get(id);
        if (!code || code.used) return false;
        s.riderPhoneCodes.set(id, { ...code, used: true });
        return true;
      },
      deleteExpired: async (now) => {
        let n = 0;
        for (const code of [...s.riderPhoneCodes.values()]) if (code.expiresAt.getTime() <= now.getTime() && s.riderPhoneCodes.delete(code.id)) n += 1;
        return n;
      },
    },
    riderPhoneProofs: {
      insert: async (proof) => {
        if (s.riderPhoneProofs.has(proof.tokenHash)) throw new Error('duplicate rider phone proof');
        s.riderPhoneProofs.set(proof.tokenHash, proof);
      },
      findByTokenHash: async (tokenHash) => s.riderPhoneProofs.get(tokenHash),
      delete: async (tokenHash) => s.riderPhoneProofs.delete(tokenHash),
      deleteExpired: async (now) => {
        let n = 0;
        for (const proof of [...s.riderPhoneProofs.values()]) if (proof.expiresAt.getTime() <= now.getTime() && s.riderPhoneProofs.delete(proof.tokenHash)) n += 1;
        return n;
      },
    },
    payouts: {
      insert: async (payout) => {
        if ([...s.payouts.values()].some((p) => p.orderId === payout.orderId && p.purpose === payout.purpose)) return false;
        s.payouts.set(payout.id, payout);
        return true;
      },
      get: async (id) => s.payouts.get(id),
      listByOrder: async (orderId) => [...s.payouts.values()].filter((p) => p.orderId === orderId),
      listByOrders: async (orderIds) => [...s.payouts.values()].filter((p) => orderIds.includes(p.orderId)),
      findByOriginatorId: async (id) => [...s.payouts.values()].find((p) => p.originatorConversationId === id),
      findByConversationId: async (id) => [...s.payouts.values()].find((p) => p.conversationId === id),
      update: async (id, expectedVersion, changes) => {
        const current = s.payouts.get(id);
        if (!current || current.version !== expectedVersion) return false;
        s.payouts.set(id, { ...current, ...changes, version: expectedVersion + 1 });
        return true;
      },
      listDue: async (states, now, limit) =>
        [...s.payouts.values()]
          .filter((p) => states.includes(p.state) && p.nextAttemptAt !== null && p.nextAttemptAt <= now)
          .sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0))
          .slice(0, limit),
      clearingFigures: async () => {
        const kinds = new Set(['payout_sent', 'payout_returned', 'payout_paid']);
        let clearingInLedger = 0;
        for (const p of s.postings) if (kinds.has(p.kind)) for (const e of p.entries) if (e.account === 'mpesa_clearing') clearingInLedger += e.amount;
        const inFlight = [...s.payouts.values()].filter((p) => ['sending', 'sent', 'unknown'].includes(p.state)).reduce((sum, p) => sum + Math.floor(p.amount / 100) * 100, 0);
        return { clearingInLedger, inFlight, total: s.payouts.size };
      },
      ordersPaidOut: async (limit) => {
        const byOrder = new Map<string, Payout[]>();
        for (const p of s.payouts.values()) if (p.purpose !== 'refund') byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
        return [...byOrder]
          .filter(([orderId, payouts]) => s.orders.get(orderId)?.status === 'awaiting_settlement' && payouts.every((p) => p.state === 'succeeded' || p.state === 'recorded'))
          .map(([orderId]) => orderId)
          .slice(0, limit);
      },
      list: async (filter) =>
        [...s.payouts.values()]
          .filter((p) => !filter.states || filter.states.includes(p.state))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, filter.limit),
    },
    refunds: {
      insert: async (request) => {
        s.refunds.set(request.id, request);
      },
      get: async (id) => s.refunds.get(id),
      findOpenByOrder: async (orderId) => [...s.refunds.values()].find((r) => r.orderId === orderId && r.status === 'open'),
      resolve: async (id, resolution) => {
        const current = s.refunds.get(id);
        if (!current || current.status !== 'open') return false;
        s.refunds.set(id, { ...current, ...resolution });
        return true;
      },
    },
    feedback: {
      insert: async (feedback) => {
        if (s.feedback.has(feedback.orderId)) return false;
        s.feedback.set(feedback.orderId, feedback);
        return true;
      },
      get: async (orderId) => s.feedback.get(orderId),
    },
    riderPayments: {
      insert: async (confirmation) => {
        s.riderPayments.push(confirmation);
      },
      listByOrder: async (orderId) => s.riderPayments.filter((c) => c.orderId === orderId),
    },
    events: {
      append: async (event) => {
        s.events.push(event);
      },
      listByOrder: async (orderId) => s.events.filter((e) => e.orderId === orderId),
    },
    codeAttempts: {
      append: async (attempt) => {
        s.codeAttempts.push(attempt);
      },
      listByOrder: async (orderId) => s.codeAttempts.filter((a) => a.orderId === orderId),
    },
    outbox: {
      enqueue: async (message) => {
        s.outbox.set(message.id, message);
      },
      claimDue: async (now, limit, leaseUntil) => {
        const due = [...s.outbox.values()]
          .filter((m) => m.deliveredAt === null && !m.givenUpAt && m.nextAttemptAt.getTime() <= now.getTime())
          .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime())
          .slice(0, limit)
          .map((m) => ({ ...m, attempts: m.attempts + 1, nextAttemptAt: leaseUntil }));
        for (const m of due) s.outbox.set(m.id, m);
        return due;
      },
      markDelivered: async (id, at, replacePayload, providerId, providerCost) => markOutboxDelivered(s, { id, at, providerId, providerCost }, replacePayload),
      markAllDelivered: async (deliveries) => {
        for (const delivery of deliveries) markOutboxDelivered(s, delivery);
      },
      markFailed: async (id, attempt, error, next) => {
        const m = s.outbox.get(id);
        if (m && m.deliveredAt === null && !m.givenUpAt && m.attempts === attempt) s.outbox.set(id, { ...m, lastError: error, nextAttemptAt: next });
      },
      markGivenUp: async (id, attempt, error, at, replacePayload) => {
        const m = s.outbox.get(id);
        if (m && m.deliveredAt === null && !m.givenUpAt && m.attempts === attempt) s.outbox.set(id, { ...m, lastError: error, givenUpAt: at, ...(replacePayload ? { payload: { ...replacePayload } } : {}) });
      },
      release: async (id, attempt, at) => {
        const m = s.outbox.get(id);
        if (m && m.deliveredAt === null && !m.givenUpAt && m.attempts === attempt) s.outbox.set(id, { ...m, attempts: attempt - 1, nextAttemptAt: at });
      },
      extendLeases: async (held, leaseUntil) => {
        const extended: string[] = [];
        for (const { id, attempt, leaseEnd } of held) {
          const m = s.outbox.get(id);
          if (!m || m.deliveredAt !== null || m.givenUpAt || m.attempts !== attempt || m.nextAttemptAt.getTime() !== leaseEnd.getTime()) continue;
          s.outbox.set(id, { ...m, nextAttemptAt: leaseUntil });
          extended.push(id);
        }
        return extended;
      },
      status: async (now, givenUpLimit) => {
        const all = [...s.outbox.values()];
        const open = all.filter((m) => m.deliveredAt === null && !m.givenUpAt);
        const due = open.filter((m) => m.nextAttemptAt.getTime() <= now.getTime());
        const givenUp = all.filter((m) => m.deliveredAt === null && m.givenUpAt);
        return {
          due: due.length,
          waiting: open.length - due.length,
          givenUp: givenUp.length,
          delivered: all.filter((m) => m.deliveredAt !== null).length,
          oldestDueAt: due.reduce<Date | null>((oldest, m) => (oldest === null || m.nextAttemptAt < oldest ? m.nextAttemptAt : oldest), null),
          givenUpMessages: givenUp.sort((a, b) => (b.givenUpAt?.getTime() ?? 0) - (a.givenUpAt?.getTime() ?? 0)).slice(0, givenUpLimit),
        };
      },
    },
  };
}

/**
 * An in-memory EscrowStore with real transaction semantics (serialised; all-or-nothing), for
 * the core's own tests and for embedders' unit tests. Not for production: nothing persists.
 */
export class MemoryEscrowStore implements EscrowStore {
  state: MemoryState = emptyState();
  private queue: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (tx: EscrowTx) => Promise<T>, options: TransactionOptions<T> = {}): Promise<T> {
    const keyed = options.idempotency;
    const run = this.queue.then(async () => {
      const draft = copyState(this.state);
      const id = keyed ? `${keyed.request.scope}\n${keyed.request.key}` : '';
      const stored = keyed ? draft.idempotencyKeys.get(id) : undefined;
      if (keyed && stored && stored.expiresAt > keyed.request.now) throw new IdempotencyKeyUsed({ requestHash: stored.requestHash, status: stored.status, body: stored.body });
      const result = await work(bind(draft));
      const answer = keyed?.answer(result);
      if (keyed && answer) draft.idempotencyKeys.set(id, { ...answer, requestHash: keyed.request.requestHash, expiresAt: keyed.request.expiresAt });
      this.state = draft;
      if (keyed && answer) keyed.committed(answer);
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  read<T>(work: (tx: EscrowTx) => Promise<T>): Promise<T> {
    return work(bind(copyState(this.state)));
  }

  /** One statement is atomic on its own: here, a transaction of its own. */
  single<T>(work: (tx: EscrowTx) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  addSeller(seller: SellerRef): void {
    this.state.sellers.set(seller.id, seller);
  }
}
