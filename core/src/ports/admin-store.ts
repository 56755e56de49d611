import type { Locale } from '../i18n/locale.js';
import type { ContactMessageRow, SavedPaymentConfig } from './admin-queries.js';
import type { OutboxRepository } from './escrow-store.js';
import type { TransactionOptions } from './idempotency-store.js';

/**
 * One admin write that touches no order (orders keep their own trail in order_events):
 * who did what to which record, when, and the record before and after. Written in the same
 * transaction as the change, never updated.
 */
export interface AdminAuditEntry {
  readonly id: string;
  /** `admin:{userId}`, or `cli:{operator}` for the admin CLI. */
  readonly actor: string;
  readonly action: 'resolve_contact' | 'update_payment_config' | 'purge_inactive_account';
  readonly subjectType: 'contact' | 'payment_config' | 'user';
  readonly subjectId: string | null;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  readonly at: Date;
}

export interface ContactMessageRepository {
  /** Read with a write lock until the transaction ends. */
  getForUpdate(id: string): Promise<ContactMessageRow | undefined>;
  /** Conditional: only an unresolved message is resolved; false if it already was. */
  markResolved(id: string, resolvedBy: string | null, at: Date): Promise<boolean>;
}

export interface PaymentConfigRepository {
  /** The saved Paybill, or null when none has been saved yet. */
  get(): Promise<SavedPaymentConfig | null>;
  /** Saves all three values at once (system_config rows), with who and when. */
  save(config: { readonly businessNumber: string; readonly accountNumber: string; readonly accountName: string }, updatedBy: string | null, at: Date): Promise<void>;
}

export interface AdminAuditRepository {
  append(entry: AdminAuditEntry): Promise<void>;
}

export interface AdminDirectory {
  /**
   * Every account with the admin (or super admin) role, with its e-mail and its language
   * (decision 0066: absent reads English); anonymised accounts excepted.
   */
  list(): Promise<{ readonly userId: string; readonly email: string; readonly locale?: Locale }[]>;
}

/** What an admin write may touch, bound to one database transaction. */
export interface AdminTx {
  readonly contacts: ContactMessageRepository;
  readonly paymentConfig: PaymentConfigRepository;
  readonly audit: AdminAuditRepository;
  readonly admins: AdminDirectory;
  /** The same outbox as the escrow flow: notifications are rows written in the change's transaction. */
  readonly outbox: OutboxRepository;
}

/** Same contract as EscrowStore: committed when `work` returns, rolled back when it throws; keyed by `options.idempotency`. */
export interface AdminStore {
  transaction<T>(work: (tx: AdminTx) => Promise<T>, options?: TransactionOptions<T>): Promise<T>;
}
