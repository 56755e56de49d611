import type { EscrowQueries } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from '../store/codec.js';
import { refundRequestPage } from './admin-queries.js';
import { sellerDashboardFiguresQuery, sellerOrderPage } from './seller-order-queries.js';
import { sessionAccessQuery } from './session-access-query.js';

/** The read models of the seller and admin screens, in SQL that runs unchanged on SQLite and PostgreSQL. */
export function createKyselyEscrowQueries(db: Kysely<Database>, dialect: SqlDialect): EscrowQueries {
  const codec = codecFor(dialect);
  return {
    sellerOrders: (sellerId, page) => sellerOrderPage(db, sellerId, page),
    sellerDashboard: (sellerId) => sellerDashboardFiguresQuery(db, codec, sellerId),
    refundRequests: (filter, page) => refundRequestPage(db, filter, page),
    sessionAccess: (sessionId, now) => sessionAccessQuery(db, sessionId, now),
  };
}
