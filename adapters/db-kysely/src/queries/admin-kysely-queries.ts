import type { AdminQueries } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from '../store/codec.js';
import { adminExportQuery } from './admin-export-query.js';
import { adminOrdersQuery } from './admin-orders-query.js';
import { adminContactsQuery, adminSellersQuery, savedPaymentConfigQuery } from './admin-people-queries.js';
import { settlementQueueQuery } from './admin-settlement-queue.js';
import { adminSummaryQuery } from './admin-summary-query.js';

/** The admin area's read models, in SQL that runs unchanged on SQLite and PostgreSQL. */
export function createKyselyAdminQueries(db: Kysely<Database>, dialect: SqlDialect): AdminQueries {
  const codec = codecFor(dialect);
  return {
    orders: (filter, page) => adminOrdersQuery(db, filter, page),
    summary: () => adminSummaryQuery(db, codec),
    sellers: (filter, page) => adminSellersQuery(db, filter, page),
    contacts: (filter, page) => adminContactsQuery(db, codec, filter, page),
    settlementQueue: (page) => settlementQueueQuery(db, page),
    paymentConfig: () => savedPaymentConfigQuery(db),
    exportOrders: (range) => adminExportQuery(db, range),
  };
}
