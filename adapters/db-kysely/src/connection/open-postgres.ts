import { Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema/database.js';
import { createHandle, type DatabaseHandle } from './database-handle.js';
import { loadPg, pgTypeParsers } from './pg-type-parsers.js';
import { SchemaScopedPostgresDialect } from './schema-scoped-postgres-dialect.js';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Connections in the pool. Default 10. */
  readonly poolSize?: number;
  /**
   * The schema to work in (sets search_path on every connection), e.g. one per test. Must
   * exist. Default: the server's search_path (normally `public`).
   */
  readonly schema?: string;
  /** How long to wait for a connection (a free one in the pool, or a new one opened) before failing. Default 5 s. */
  readonly connectionTimeoutMs?: number;
  /**
   * The server cancels a statement running longer (SQLSTATE 57014). Default 30 s; the admin
   * CLI allows more. Migrations run on a connection of their own without this limit.
   */
  readonly statementTimeoutMs?: number;
  /**
   * The client gives up on a query the server has not answered in this long, and ends that
   * connection (it may be gone without a word). Default: the statement timeout plus 5 s.
   */
  readonly queryTimeoutMs?: number;
  /** The server ends a session idle inside a transaction this long (SQLSTATE 25P03). Default 60 s. */
  readonly idleInTransactionTimeoutMs?: number;
  readonly applicationName?: string;
  /**
   * A pooled connection failed (server restart, terminated backend, network), idle or checked
   * out. pg drops that connection and the next query opens a new one; this is for logging.
   */
  readonly onPoolError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A query the server has not answered in this much more than the statement timeout is given up on by the client. */
const CLIENT_GRACE_MS = 5_000;

/**
 * pg-pool listens for a client's 'error' only while the client is idle in the pool. A backend
 * terminated (or a network cut) while a request holds its client, between two statements of a
 * transaction, makes that client emit 'error' with no listener, which kills the process. Each
 * client gets a listener of its own for its whole life; the error also fails the client's next
 * query ("not queryable"), which the request answers with 503, and pg-pool discards a client
 * that is not queryable when it is released. (A query never answered: prepared-postgres-driver.ts.)
 */
function listenForConnectionLoss(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('connect', (client) => client.on('error', onError));
}

export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`openPostgres: schema must match ${SCHEMA_NAME} (got ${JSON.stringify(schema)})`);
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  const connectionTimeoutMs = options.connectionTimeoutMs ?? 5_000;
  const onError = (error: Error): void => {
    try {
      options.onPoolError?.(error);
    } catch {
      // A logger must never take the process down.
    }
  };
  const connection = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: connectionTimeoutMs,
    application_name: options.applicationName ?? 'escrow',
    types: pgTypeParsers,
    // TCP keep-alive: a peer that vanished without a FIN is noticed on an idle connection too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Set at connection start-up, so no query can run before it applies.
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new (loadPg().Pool)({
    ...connection,
    max: options.poolSize ?? 10,
    statement_timeout: statementTimeoutMs,
    query_timeout: options.queryTimeoutMs ?? statementTimeoutMs + CLIENT_GRACE_MS,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 60_000,
  });
  // Idle clients: pg-pool removes a failed one and reports it here.
  pool.on('error', onError);
  listenForConnectionLoss(pool, onError);

  const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
  return createHandle({
    db,
    dialect: 'postgres',
    migrationSchema: async () => {
      if (schema !== undefined) return schema;
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
      const current = rows[0]?.schema;
      if (!current) throw new Error('openPostgres: the search_path names no existing schema');
      return current;
    },
    // Migrations (an index on a large table) may take longer than a request's statement: one
    // connection of their own, without the statement timeout, closed when they are done.
    migrationDb: () => {
      const migrationPool = new (loadPg().Pool)({ ...connection, max: 1 });
      migrationPool.on('error', onError);
      listenForConnectionLoss(migrationPool, onError);
      // Unnamed statements: the migrations change tables under the statements they run.
      return new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool: migrationPool, namedStatements: false }) });
    },
    poolUse: () => ({ max: options.poolSize ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  });
}
