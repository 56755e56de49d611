import type { AdminStore, AdminTx } from '@escrow/core';
import type { Kysely } from 'kysely';
import { PAYMENT_CONFIG_KEYS, savedPaymentConfigQuery, selectContacts, toContactRow } from '../queries/admin-people-queries.js';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor, encodeJson, encodeTime, type Codec } from '../store/codec.js';
import { kyselyOutboxRepository, type OutboxQueued } from '../store/outbox-repository.js';
import { wakingAfterCommit, type OutboxWake } from '../store/create-kysely-escrow-store.js';
import type { Inserts } from '../store/deferred-inserts.js';
import { storeTransaction } from '../idempotency/keyed-transaction.js';
import { nestingCheck } from '../store/nesting-check.js';

function bind(conn: Kysely<Database>, codec: Codec, inserts: Inserts, queued: OutboxQueued): AdminTx {
  return {
    contacts: {
      async getForUpdate(id) {
        // PostgreSQL: the row lock orders two admins resolving at once; SQLite transactions
        // begin IMMEDIATE and hold the write lock throughout.
        const query = selectContacts(conn).where('contact_submissions.id', '=', id);
        const row = await (codec.dialect === 'postgres' ? query.forUpdate('contact_submissions') : query).executeTakeFirst();
        return row === undefined ? undefined : toContactRow(row);
      },
      async markResolved(id, resolvedBy, at) {
        const result = await conn
          .updateTable('contact_submissions')
          .set({ resolved: codec.bool(true), resolved_at: encodeTime(at), resolved_by: resolvedBy })
          .where('id', '=', id)
          .where('resolved', '=', codec.bool(false))
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      },
    },
    paymentConfig: {
      get: () => savedPaymentConfigQuery(conn, { forUpdate: true, dialect: codec.dialect }),
      async save(config, updatedBy, at) {
        const rows = (Object.keys(PAYMENT_CONFIG_KEYS) as (keyof typeof PAYMENT_CONFIG_KEYS)[]).map((field) => ({
          config_key: PAYMENT_CONFIG_KEYS[field],
          config_value: config[field],
          updated_by: updatedBy,
          updated_at: encodeTime(at),
        }));
        await conn
          .insertInto('system_config')
          .values(rows)
          .onConflict((oc) =>
            oc.column('config_key').doUpdateSet((eb) => ({
              config_value: eb.ref('excluded.config_value'),
              updated_by: eb.ref('excluded.updated_by'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      },
    },
    audit: {
      async append(entry) {
        await conn
          .insertInto('admin_audit_log')
          .values({
            id: entry.id,
            actor: entry.actor,
            action: entry.action,
            subject_type: entry.subjectType,
            subject_id: entry.subjectId,
            before: entry.before === null ? null : encodeJson(entry.before),
            after: entry.after === null ? null : encodeJson(entry.after),
            at: encodeTime(entry.at),
          })
          .execute();
      },
    },
    admins: {
      async list() {
        const rows = await conn
          .selectFrom('users')
          .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
          .select(['users.id', 'users.email', 'users.locale'])
          .distinct()
          .where('user_roles.role', 'in', ['admin', 'super_admin'])
          .where('users.anonymised_at', 'is', null)
          .orderBy('users.email')
          .execute();
        return rows.map((row) => ({ userId: row.id, email: row.email, locale: row.locale }));
      },
    },
    outbox: kyselyOutboxRepository(conn, codec, inserts, queued),
  };
}

/**
 * The AdminStore over Kysely: admin writes that touch no order, each in one transaction with
 * its audit row and outbox rows (and, with `options.idempotency`, the request's key and answer:
 * docs/decisions/0035). Like the EscrowStore, a call from inside its own transaction is refused
 * (it would deadlock on SQLite and escape the transaction on PostgreSQL).
 */
export function createKyselyAdminStore(db: Kysely<Database>, dialect: SqlDialect, storeOptions: { checkNesting?: boolean; outboxWake?: OutboxWake } = {}): AdminStore {
  const codec = codecFor(dialect);
  const nesting = nestingCheck(storeOptions.checkNesting);
  return {
    async transaction(work, options = {}) {
      nesting.refuse('AdminStore', 'transaction');
      return wakingAfterCommit(storeOptions.outboxWake, (queued) => storeTransaction(db, dialect, (trx, inserts) => nesting.run(() => work(bind(trx, codec, inserts, queued))), options.idempotency));
    },
  };
}
