import type { Posting } from '../ledger/posting.js';
import type { Order } from '../orders/order.js';
import type { Payout } from '../payouts/payout.js';

/** One consistent view of the orders and the ledger, for the ledger check. */
export interface LedgerSnapshot {
  /** Every order with its postings and payouts, a batch at a time, in id order (memory stays flat). */
  orderBatches(size: number): AsyncIterable<{ readonly orders: readonly Order[]; readonly postings: readonly Posting[]; readonly payouts: readonly Payout[] }>;
  /** The balance of every account that has an entry, summed by the database. */
  accountBalances(): Promise<ReadonlyMap<string, number>>;
  /** Postings whose entries do not sum to zero (or that have fewer than two). */
  unbalancedPostings(): Promise<{ readonly postingId: string; readonly orderId: string; readonly kind: string; readonly sum: number; readonly lines: number }[]>;
  postingCount(): Promise<number>;
}

/**
 * Reads for the ledger check, all inside one snapshot (PostgreSQL REPEATABLE READ; a SQLite
 * read transaction), so orders and postings changing while it runs cannot show up as
 * differences. Read only: it never blocks the API's writes.
 */
export interface LedgerAuditSource {
  inSnapshot<T>(work: (snapshot: LedgerSnapshot) => Promise<T>): Promise<T>;
}
