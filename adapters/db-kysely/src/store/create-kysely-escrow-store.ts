import { AsyncLocalStorage } from 'node:async_hooks';
import type { CommitEvents, EscrowStore, EscrowTx, IdempotentAnswer } from '@escrow/core';
import { changeTickets, HOLD_LIMIT_MS, IdempotencyKeyTaken, keyRow, releaseHeld, type ChangeTicket } from '../idempotency/held-changes.js';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from './codec.js';
import { kyselyCodeAttemptRepository } from './code-attempt-repository.js';
import { deferredInserts, immediateInserts, type Inserts } from './deferred-inserts.js';
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
export interface EscrowStoreOptions {
  /**
   * PostgreSQL: the LISTEN/NOTIFY channel of the API's event bus (@escrow/events-pg). Order
   * changes are then NOTIFYed inside their own transaction, in the statement that carries its
   * audit and ledger rows: delivered exactly when the change commits, with no round trip and
   * no commit of their own (docs/decisions/0022). Without it the core publishes after commit.
   */
  readonly notifyChannel?: string;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; order events are about 200. */
const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

export function createKyselyEscrowStore(db: Kysely<Database>, dialect: SqlDialect, options: EscrowStoreOptions = {}): EscrowStore {
  const codec = codecFor(dialect);
  const insideTransaction = new AsyncLocalStorage<true>();

  const { notifyChannel } = options;
  if (notifyChannel !== undefined && dialect !== 'postgres') throw new Error('createKyselyEscrowStore: notifyChannel needs PostgreSQL');

  const commitEvents = (inserts: Inserts, channel: string): CommitEvents => ({
    publishOnCommit(events) {
      for (const event of events) {
        const payload = JSON.stringify(event);
        if (Buffer.byteLength(payload, 'utf8') > MAX_NOTIFY_PAYLOAD_BYTES) throw new Error(`event too large for NOTIFY: ${event.type}`);
        inserts.notify(channel, payload);
      }
    },
  });

  const bind = (conn: Kysely<Database>, inserts: Inserts, inTransaction = false): EscrowTx => {
    const sellers = kyselySellerRepository(conn);
    return {
      ...(inTransaction && notifyChannel !== undefined ? { commitEvents: commitEvents(inserts, notifyChannel) } : {}),
      orders: kyselyOrderRepository(conn, codec, sellers.remember, inserts),
      receipts: kyselyPaymentReceiptRepository(conn),
      ledger: kyselyLedgerRepository(conn, inserts),
      sellers,
      riders: kyselyRiderRepository(conn),
      refunds: kyselyRefundRepository(conn),
      feedback: kyselyFeedbackRepository(conn),
      riderPayments: kyselyRiderPaymentRepository(conn, codec),
      events: kyselyOrderEventRepository(conn, inserts),
      codeAttempts: kyselyCodeAttemptRepository(conn, codec, inserts),
      outbox: kyselyOutboxRepository(conn, codec, inserts),
    };
  };

  const refuseNesting = (method: string): void => {
    if (insideTransaction.getStore()) {
      throw new Error(`EscrowStore.${method} called inside a transaction of the same store; use the tx given to the transaction`);
    }
  };

  /**
   * The request's ticket when this store may carry its Idempotency-Key (held-changes.ts): on
   * PostgreSQL with events sent by the commit (so nothing is published before the real commit),
   * on the ticket's database. A held change is committed first when the request calls again.
   */
  const ticketHere = async (): Promise<ChangeTicket | undefined> => {
    const ticket = changeTickets.getStore();
    if (!ticket) return undefined;
    if (ticket.db !== db || notifyChannel === undefined) {
      // Not this store's to carry: refuse before any change, and the request runs with a claim.
      if (ticket.state === 'open') throw new IdempotencyKeyTaken('this store cannot write the Idempotency-Key with the change');
      return undefined;
    }
    if (ticket.state === 'held') await releaseHeld(ticket);
    // After a change that rolled back, a further change would be made with no key: the claim decides instead.
    if (ticket.state === 'failed') throw new IdempotencyKeyTaken('a change of this request rolled back; the claim decides');
    return ticket.state === 'open' ? ticket : undefined;
  };

  /** The work in a transaction that commits only once the request has its answer (or its key is stored pending). */
  const heldTransaction = <T>(ticket: ChangeTicket, work: (tx: EscrowTx) => Promise<T>): Promise<T> =>
    new Promise<T>((handOut, fail) => {
      ticket.state = 'running';
      let handedOut = false;
      const ended = db.transaction().execute(async (trx) => {
        const inserts = deferredInserts(trx);
        const result = await insideTransaction.run(true, () => work(bind(trx, inserts, true)));
        const answer = await new Promise<IdempotentAnswer | null>((go, stop) => {
          const limit = setTimeout(() => stop(new Error('a held change was not settled in time')), HOLD_LIMIT_MS);
          ticket.settle = (outcome) => {
            clearTimeout(limit);
            ticket.settle = undefined;
            if (outcome instanceof Error) stop(outcome);
            else go(outcome);
          };
          ticket.state = 'held';
          handedOut = true;
          handOut(result);
        });
        ticket.pendingKey = answer === null;
        inserts.storeKey(keyRow(ticket.request, answer));
        await inserts.flush();
      });
      ticket.ended = ended.then(
        () => {
          ticket.state = 'committed';
        },
        (error: unknown) => {
          ticket.state = 'failed';
          if (!handedOut) fail(error);
          throw error;
        },
      );
      // Whoever settles the held change reads its end; before that, a failure reached `fail`.
      ticket.ended.catch(() => undefined);
    });

  return {
    async transaction(work) {
      refuseNesting('transaction');
      const ticket = await ticketHere();
      if (ticket) return heldTransaction(ticket, work);
      return db.transaction().execute(async (trx) => {
        // PostgreSQL: the audit, ledger and outbox inserts go out together just before COMMIT.
        const inserts = dialect === 'postgres' ? deferredInserts(trx) : immediateInserts(trx);
        const result = await insideTransaction.run(true, () => work(bind(trx, inserts, true)));
        await inserts.flush();
        return result;
      });
    },
    async read(work) {
      refuseNesting('read');
      await ticketHere();
      return work(bind(db, immediateInserts(db)));
    },
  };
}
