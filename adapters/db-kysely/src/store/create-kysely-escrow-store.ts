import { AsyncLocalStorage } from 'node:async_hooks';
import type { EscrowStore, EscrowTx } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from './codec.js';
import { kyselyCodeAttemptRepository } from './code-attempt-repository.js';
import { kyselyFeedbackRepository } from './feedback-repository.js';
import { kyselyLedgerRepository } from './ledger-repository.js';
import { kyselyOrderEventRepository } from './order-event-repository.js';
import { kyselyOrderRepository } from './order-repository.js';
import { kyselyOutboxRepository } from './outbox-repository.js';
import { kyselyPaymentReceiptRepository } from './payment-receipt-repository.js';
import { kyselyRefundRepository } from './refund-repository.js';
import { kyselyRiderPaymentRepository } from './rider-payment-repository.js';
import { kyselyRiderRepository } from './rider-repository.js';
import { kyselySellerRepository } from './seller-repository.js';

/**
 * The EscrowStore over Kysely. `transaction` hands `work` repositories bound to one database
 * transaction (committed when `work` returns, rolled back when it throws); `read` hands it
 * repositories on the plain connection (pool), each query on its own.
 *
 * A store call made from inside `transaction` is refused: on SQLite it would wait forever for
 * the one connection the outer transaction holds, and on PostgreSQL it would silently write
 * outside the outer transaction. The use case must use the `tx` it was given.
 */
export function createKyselyEscrowStore(db: Kysely<Database>, dialect: SqlDialect): EscrowStore {
  const codec = codecFor(dialect);
  const insideTransaction = new AsyncLocalStorage<true>();

  const bind = (conn: Kysely<Database>): EscrowTx => ({
    orders: kyselyOrderRepository(conn, codec),
    receipts: kyselyPaymentReceiptRepository(conn),
    ledger: kyselyLedgerRepository(conn),
    sellers: kyselySellerRepository(conn),
    riders: kyselyRiderRepository(conn),
    refunds: kyselyRefundRepository(conn),
    feedback: kyselyFeedbackRepository(conn),
    riderPayments: kyselyRiderPaymentRepository(conn, codec),
    events: kyselyOrderEventRepository(conn),
    codeAttempts: kyselyCodeAttemptRepository(conn, codec),
    outbox: kyselyOutboxRepository(conn, codec),
  });

  const refuseNesting = (method: string): void => {
    if (insideTransaction.getStore()) {
      throw new Error(`EscrowStore.${method} called inside a transaction of the same store; use the tx given to the transaction`);
    }
  };

  return {
    async transaction(work) {
      refuseNesting('transaction');
      return db.transaction().execute((trx) => insideTransaction.run(true, () => work(bind(trx))));
    },
    async read(work) {
      refuseNesting('read');
      return work(bind(db));
    },
  };
}
