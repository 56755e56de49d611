import type { Locale } from '../i18n/locale.js';
import type { Posting } from '../ledger/posting.js';
import type { OrderChangedEvent } from './event-bus.js';
import type { TransactionOptions } from './idempotency-store.js';
import type { MoneyOutReferenceRepository } from './money-out-references.js';
import type { MpesaPaymentRepository } from './mpesa-payments.js';
import type { Order, OrderChanges } from '../orders/order.js';
import type { Payout, PayoutState } from '../payouts/payout.js';
import type { CodeAttempt, Feedback, OrderEvent, OutboxMessage, RefundRequest, Rider, RiderPaymentConfirmation, SellerRef } from './records.js';
import type { RiderPhoneCodeRepository, RiderPhoneProofRepository } from './rider-phones.js';

/** The buyer page's order with what the page shows beside it, read together (one statement in the SQL store). */
export interface BuyerPageRecord {
  readonly order: Order;
  readonly seller: SellerRef | null;
  readonly feedback: Feedback | null;
  /** The order has an open refund request. */
  readonly refundRequested: boolean;
}

export interface OrderRepository {
  insert(order: Order): Promise<void>;
  /**
   * Inserts a new order unless its tracking number is already taken: then nothing is written
   * and it returns false (the unique index decides, so two racing inserts cannot both win).
   */
  insertIfTrackingNumberFree(order: Order): Promise<boolean>;
  /** Reads the order and holds a write lock on it until the transaction ends (FOR UPDATE). */
  getForUpdate(id: string): Promise<Order | undefined>;
  get(id: string): Promise<Order | undefined>;
  /** The order with this tracking number (the M-Pesa account number); exact match, upper case. */
  findByTrackingNumber(trackingNumber: string): Promise<Order | undefined>;
  /**
   * Orders whose money M-Pesa has not confirmed, oldest first: open claims (a typed receipt, not
   * paid, not cancelled) and non-cash orders paid with nothing that verified them.
   */
  listUnverifiedPayments(limit: number): Promise<Order[]>;
  /** The order with its seller, its feedback and whether a refund request is open (the buyer page's busiest read). */
  getBuyerPage(id: string): Promise<BuyerPageRecord | undefined>;
  /**
   * Conditional update: applies `changes` only if the row still has `expectedVersion` (and
   * bumps the version). Returns false when another writer got there first.
   */
  update(id: string, expectedVersion: number, changes: OrderChanges): Promise<boolean>;
  listBySeller(sellerId: string, page: { limit: number; offset: number }): Promise<Order[]>;
  /** Paid orders with no rider, of sellers whose rider list holds this phone. */
  listAvailableForRider(phone: string): Promise<Order[]>;
  listAssignedToRider(phone: string): Promise<Order[]>;
}

export interface PaymentReceiptRepository {
  /** Claims an M-Pesa receipt for an order; false if it already belongs to any order. */
  claim(receipt: string, orderId: string, amount: number, at: Date): Promise<boolean>;
}

export interface LedgerRepository {
  /** Append-only: postings are never updated or deleted. */
  append(postings: readonly Posting[]): Promise<void>;
  listByOrder(orderId: string): Promise<Posting[]>;
}

export interface SellerRepository {
  get(id: string): Promise<SellerRef | undefined>;
}

export interface RiderRepository {
  insert(rider: Rider): Promise<void>;
  /**
   * Adds `rider` to its seller's list unless the list already has that phone, in one
   * statement that a concurrent add of the same phone cannot slip past (it waits for the other
   * to commit). Returns the rider on the list with that phone: `rider` itself, or the one
   * already there; undefined only if that one was deleted in between.
   */
  insertUnlessListed(rider: Rider): Promise<Rider | undefined>;
  get(id: string): Promise<Rider | undefined>;
  listBySeller(sellerId: string): Promise<Rider[]>;
  findBySellerAndPhone(sellerId: string, phone: string): Promise<Rider | undefined>;
  /** True when any seller's rider list holds this phone. */
  isListedAnywhere(phone: string): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /**
   * The language of the rider with this phone (decision 0066): a rider is known by phone, on
   * any seller's list or on none (assigned by name and phone), so the language is kept per
   * phone, not per list row. English until the rider chose.
   */
  localeOf(phone: string): Promise<Locale>;
  /** Records the rider's own choice (the rider page's switch). */
  setLocale(phone: string, locale: Locale, at: Date): Promise<void>;
}

export interface RefundRepository {
  insert(request: RefundRequest): Promise<void>;
  get(id: string): Promise<RefundRequest | undefined>;
  findOpenByOrder(orderId: string): Promise<RefundRequest | undefined>;
  /** Conditional: only an `open` request is resolved; false if it was not open. */
  resolve(id: string, resolution: Pick<RefundRequest, 'status' | 'resolvedAt' | 'resolvedBy' | 'mpesaReference' | 'resolutionNote'>): Promise<boolean>;
}

/** What a payout change may set (never its id, order, purpose or amount). */
export type PayoutChanges = Partial<Omit<Payout, 'id' | 'orderId' | 'purpose' | 'amount' | 'createdAt' | 'version'>>;

export interface PayoutRepository {
  /** False when the order already has a payout for this purpose (the unique index decides). */
  insert(payout: Payout): Promise<boolean>;
  get(id: string): Promise<Payout | undefined>;
  listByOrder(orderId: string): Promise<Payout[]>;
  /** The payouts of several orders in one read (a page of the admin's orders list), in the order of listByOrder per order. */
  listByOrders(orderIds: readonly string[]): Promise<Payout[]>;
  /** The payout whose current attempt has this OriginatorConversationID. */
  findByOriginatorId(originatorConversationId: string): Promise<Payout | undefined>;
  findByConversationId(conversationId: string): Promise<Payout | undefined>;
  /** Conditional: applies `changes` only if the row still has `expectedVersion` (and bumps it); false otherwise. */
  update(id: string, expectedVersion: number, changes: PayoutChanges): Promise<boolean>;
  /** Payouts in one of `states` whose next_attempt_at has come, the longest due first. */
  listDue(states: readonly PayoutState[], now: Date, limit: number): Promise<Payout[]>;
  /** Orders still `awaiting_settlement` whose seller and rider payouts are all paid (succeeded or recorded). */
  ordersPaidOut(limit: number): Promise<string[]>;
  /**
   * For reconciliation: mpesa_clearing as the payout postings moved it (`clearingInLedger`), the
   * whole shillings of the payouts in flight (`inFlight`: sending, sent, unknown), and how many payouts there are.
   */
  clearingFigures(): Promise<{ clearingInLedger: number; inFlight: number; total: number }>;
  /** For screens and the CLI: newest first, optionally only some states. */
  list(filter: { states?: readonly PayoutState[]; limit: number }): Promise<Payout[]>;
}

export interface FeedbackRepository {
  /** False when the order already has feedback (one per order). */
  insert(feedback: Feedback): Promise<boolean>;
  get(orderId: string): Promise<Feedback | undefined>;
}

export interface RiderPaymentRepository {
  insert(confirmation: RiderPaymentConfirmation): Promise<void>;
  listByOrder(orderId: string): Promise<RiderPaymentConfirmation[]>;
}

export interface OrderEventRepository {
  append(event: OrderEvent): Promise<void>;
  listByOrder(orderId: string): Promise<OrderEvent[]>;
}

export interface CodeAttemptRepository {
  append(attempt: CodeAttempt): Promise<void>;
  listByOrder(orderId: string): Promise<CodeAttempt[]>;
}

export interface OutboxRepository {
  enqueue(message: OutboxMessage): Promise<void>;
  /**
   * Claims up to `limit` messages due at `now` (not delivered, not given up), the longest due
   * first, and leases them until `leaseUntil`: nobody claims them again before then, so they
   * can be sent after this transaction commits, and a dispatcher that dies mid-send only delays
   * them. PostgreSQL: rows another dispatcher is claiming are skipped (SKIP LOCKED), so several
   * processes share the work without waiting for each other. The claim counts as an attempt
   * (`attempts + 1` in the same statement); the messages are returned as claimed, and their
   * `attempts` is the claim's token for `markFailed`, `markGivenUp` and `release`.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<OutboxMessage[]>;
  /**
   * The provider accepted it. The first delivery wins (a second changes nothing); it holds
   * whoever holds the lease, since the message is out. `replacePayload` overwrites the stored
   * payload in the same update (a secret is erased once sent); `providerId` is what the provider
   * called the message (kept so its delivery reports can be matched to it), `providerCost` what it
   * said the message cost.
   */
  markDelivered(id: string, at: Date, replacePayload?: Readonly<Record<string, unknown>>, providerId?: string, providerCost?: string): Promise<void>;
  /** `markDelivered` for many messages (no payload replaced) in one statement: a dispatcher's deliveries of the last few milliseconds. */
  markAllDelivered(deliveries: readonly { readonly id: string; readonly at: Date; readonly providerId?: string | undefined; readonly providerCost?: string | undefined }[]): Promise<void>;
  /**
   * A failed attempt, to be tried again at `nextAttemptAt`. Only while `attempt` is still the
   * message's latest claim: a dispatcher whose lease ran out (and was claimed again) changes nothing.
   */
  markFailed(id: string, attempt: number, error: string, nextAttemptAt: Date): Promise<void>;
  /** Gives up (never claimed again, kept for an operator); same condition as `markFailed`. */
  markGivenUp(id: string, attempt: number, error: string, at: Date, replacePayload?: Readonly<Record<string, unknown>>): Promise<void>;
  /** Hands back a claimed message that was not sent (the dispatcher is stopping): due at `at`, the attempt not counted. */
  release(id: string, attempt: number, at: Date): Promise<void>;
  /**
   * Holds messages being sent until `leaseUntil` (a send slower than the lease: a stalled SMTP
   * server), each only while `attempt` is still its latest claim, its lease still ends at
   * `leaseEnd` (the claim's, or the last extension's: a failure recorded meanwhile set its next
   * attempt, which stands) and it is neither delivered nor given up. Answers the ids it extended.
   */
  extendLeases(held: readonly { readonly id: string; readonly attempt: number; readonly leaseEnd: Date }[], leaseUntil: Date): Promise<string[]>;
  /** For an operator: how many messages wait, and the given-up ones, newest first (up to `givenUpLimit`). */
  status(now: Date, givenUpLimit: number): Promise<OutboxStatus>;
}

export interface OutboxStatus {
  /** Due now and not held by a dispatcher: the backlog. */
  readonly due: number;
  /** Waiting for a retry or held by a dispatcher (leased). */
  readonly waiting: number;
  readonly givenUp: number;
  readonly delivered: number;
  /** When the longest-due message of the backlog became due; null when none is. */
  readonly oldestDueAt: Date | null;
  readonly givenUpMessages: readonly OutboxMessage[];
}

/**
 * Live events sent by the commit itself (PostgreSQL: NOTIFY inside the transaction, which the
 * server delivers when the transaction commits and drops when it rolls back).
 */
export interface CommitEvents {
  publishOnCommit(events: readonly OrderChangedEvent[]): void;
}

/** Everything a use case may touch, bound to one database transaction. */
export interface EscrowTx {
  readonly orders: OrderRepository;
  readonly receipts: PaymentReceiptRepository;
  readonly mpesa: MpesaPaymentRepository;
  /** References of money going out, each recorded once (refunds, settlements, payouts). */
  readonly moneyOutReferences: MoneyOutReferenceRepository;
  readonly ledger: LedgerRepository;
  readonly sellers: SellerRepository;
  readonly riders: RiderRepository;
  readonly refunds: RefundRepository;
  readonly payouts: PayoutRepository;
  readonly feedback: FeedbackRepository;
  readonly riderPayments: RiderPaymentRepository;
  readonly events: OrderEventRepository;
  readonly codeAttempts: CodeAttemptRepository;
  readonly outbox: OutboxRepository;
  readonly riderPhoneCodes: RiderPhoneCodeRepository;
  readonly riderPhoneProofs: RiderPhoneProofRepository;
  /**
   * Present when the store delivers live events with its commit; otherwise the use case
   * publishes them on the EventBus after the commit.
   */
  readonly commitEvents?: CommitEvents;
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws.
 * A use case that returns a failed Result has made no writes it wants undone, except the ones
 * it means to keep (a wrong delivery code is counted and logged even though it fails).
 * With `options.idempotency` the request's key and answer are written in the same commit
 * (see IdempotentChange); a COMMIT that fails throws CommitOutcomeUnknown.
 */
export interface EscrowStore {
  transaction<T>(work: (tx: EscrowTx) => Promise<T>, options?: TransactionOptions<T>): Promise<T>;
  /** Reads outside a transaction (screens, lists). */
  read<T>(work: (tx: EscrowTx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` that writes with one statement at most, without BEGIN and COMMIT: one statement
   * is atomic on its own, and two round trips fewer than `transaction` (the outbox's claims and
   * its records of deliveries). A second writing statement inside it throws, before it runs.
   */
  single<T>(work: (tx: EscrowTx) => Promise<T>): Promise<T>;
}
