import type { CommitEvents, EscrowStore, EscrowTx } from '@escrow/core';
import type { Kysely } from 'kysely';
import { storeTransaction } from '../idempotency/keyed-transaction.js';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from './codec.js';
import { kyselyCodeAttemptRepository } from './code-attempt-repository.js';
import { immediateInserts, type Inserts } from './deferred-inserts.js';
import { nestingCheck } from './nesting-check.js';
import { oneWritingStatement } from './one-writing-statement.js';
import { kyselyFeedbackRepository } from './feedback-repository.js';
import { kyselyLedgerRepository } from './ledger-repository.js';
import { kyselyMoneyOutReferenceRepository } from './money-out-reference-repository.js';
import { kyselyMpesaPaymentRepository } from './mpesa-payment-repository.js';
import { kyselyOrderEventRepository } from './order-event-repository.js';
import { kyselyOrderRepository } from './order-repository.js';
import { kyselyOutboxRepository, type OutboxQueued } from './outbox-repository.js';
import { kyselyPaymentReceiptRepository } from './payment-receipt-repository.js';
import { kyselyPayoutRepository } from './payout-repository.js';
import { kyselyRefundRepository } from './refund-repository.js';
import { kyselyRiderPaymentRepository } from './rider-payment-repository.js';
import { kyselyRiderPhoneCodeRepository, kyselyRiderPhoneProofRepository } from './rider-phone-repositories.js';
import { kyselyRiderRepository } from './rider-repository.js';
import { kyselySellerRepository } from './seller-repository.js';

/**
 * The EscrowStore over Kysely. `transaction` hands `work` repositories bound to one database
 * transaction (committed when `work` returns, rolled back when it throws); `read` hands it
 * repositories on the plain connection (pool), each query on its own. With
 * `options.idempotency`, the request's key and answer are written in the transaction's own
 * commit (idempotency/keyed-transaction.ts, docs/decisions/0035).
 *
 * A store call made from inside `transaction` is refused (nesting-check.ts): on SQLite it would
 * wait forever for the one connection the outer transaction holds, and on PostgreSQL it would
 * silently write outside the outer transaction. The use case must use the `tx` it was given.
 */
export interface EscrowStoreOptions {
  /**
   * PostgreSQL: the LISTEN/NOTIFY channel of the API's event bus (@escrow/events-pg). Order
   * changes are then NOTIFYed inside their own transaction, in the statement that carries its
   * audit and ledger rows: delivered exactly when the change commits, with no round trip and
   * no commit of their own (docs/decisions/0022). Without it the core publishes after commit.
   */
  readonly notifyChannel?: string;
  /** Refuse a store call from inside its own transaction (nesting-check.ts). Default true; the API turns it off in production. */
  readonly checkNesting?: boolean;
  /** How queued outbox messages wake the dispatchers (decision 0074). */
  readonly outboxWake?: OutboxWake;
}

/** How queued outbox messages wake the dispatchers at once (decision 0074). */
export interface OutboxWake {
  /** PostgreSQL: the channel NOTIFYed in the transaction that queues (every process's dispatcher LISTENs). */
  readonly notifyChannel?: string;
  /** Called once a transaction (or a plain write) that queued a message has committed: this process's own wake. */
  readonly afterCommit?: () => void;
}

/** Runs `write`, and `wake.afterCommit` after it when it queued an outbox message and did not throw. */
export async function wakingAfterCommit<T>(wake: OutboxWake | undefined, write: (queued: OutboxQueued) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await write({ ...(wake?.notifyChannel !== undefined ? { notifyChannel: wake.notifyChannel } : {}), onEnqueue: () => (queued = true) });
  if (queued) wake?.afterCommit?.();
  return result;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; order events are about 200. */
const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

export function createKyselyEscrowStore(db: Kysely<Database>, dialect: SqlDialect, options: EscrowStoreOptions = {}): EscrowStore {
  const codec = codecFor(dialect);
  const nesting = nestingCheck(options.checkNesting);

  const { notifyChannel, outboxWake } = options;
  if (notifyChannel !== undefined && dialect !== 'postgres') throw new Error('createKyselyEscrowStore: notifyChannel needs PostgreSQL');
  if (outboxWake?.notifyChannel !== undefined && dialect !== 'postgres') throw new Error('createKyselyEscrowStore: outboxWake.notifyChannel needs PostgreSQL');

  const commitEvents = (inserts: Inserts, channel: string): CommitEvents => ({
    publishOnCommit(events) {
      for (const event of events) {
        const payload = JSON.stringify(event);
        if (Buffer.byteLength(payload, 'utf8') > MAX_NOTIFY_PAYLOAD_BYTES) throw new Error(`event too large for NOTIFY: ${event.type}`);
        inserts.notify(channel, payload);
      }
    },
  });

  const bind = (conn: Kysely<Database>, inserts: Inserts, queued: OutboxQueued, inTransaction = false): EscrowTx => {
    const sellers = kyselySellerRepository(conn);
    return {
      ...(inTransaction && notifyChannel !== undefined ? { commitEvents: commitEvents(inserts, notifyChannel) } : {}),
      orders: kyselyOrderRepository(conn, codec, sellers.remember, inserts),
      receipts: kyselyPaymentReceiptRepository(conn),
      mpesa: kyselyMpesaPaymentRepository(conn, codec, inserts),
      moneyOutReferences: kyselyMoneyOutReferenceRepository(conn),
      ledger: kyselyLedgerRepository(conn, inserts),
      sellers,
      riders: kyselyRiderRepository(conn),
      refunds: kyselyRefundRepository(conn),
      payouts: kyselyPayoutRepository(conn),
      feedback: kyselyFeedbackRepository(conn),
      riderPayments: kyselyRiderPaymentRepository(conn, codec),
      events: kyselyOrderEventRepository(conn, inserts),
      codeAttempts: kyselyCodeAttemptRepository(conn, codec, inserts),
      outbox: kyselyOutboxRepository(conn, codec, inserts, queued),
      riderPhoneCodes: kyselyRiderPhoneCodeRepository(conn, codec),
      riderPhoneProofs: kyselyRiderPhoneProofRepository(conn),
    };
  };

  const refuseNesting = (method: string): void => nesting.refuse('EscrowStore', method);

  return {
    async transaction(work, options = {}) {
      refuseNesting('transaction');
      return wakingAfterCommit(outboxWake, (queued) => storeTransaction(db, dialect, (trx, inserts) => nesting.run(() => work(bind(trx, inserts, queued, true))), options.idempotency));
    },
    async read(work) {
      refuseNesting('read');
      return wakingAfterCommit(outboxWake, (queued) => work(bind(db, immediateInserts(db), queued)));
    },
    async single(work) {
      refuseNesting('single');
      const guarded = db.withPlugin(oneWritingStatement());
      return wakingAfterCommit(outboxWake, (queued) => work(bind(guarded, immediateInserts(guarded), queued)));
    },
  };
}
