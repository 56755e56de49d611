import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema/database.js';
import { createHandle, type DatabaseHandle } from './database-handle.js';
import { useNamedStatements } from './pg-named-statements.js';
import { pgTypeParsers } from './pg-type-parsers.js';
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
  /** How long to wait for a connection before failing. Default 5 s. */
  readonly connectionTimeoutMs?: number;
  readonly applicationName?: string;
  /**
   * An idle pooled connection failed (server restart, network). pg drops that connection and
   * the next query opens a new one; this is for logging. Without a listener pg would crash
   * the process.
   */
  readonly onPoolError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`openPostgres: schema must match ${SCHEMA_NAME} (got ${JSON.stringify(schema)})`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    application_name: options.applicationName ?? 'escrow',
    types: pgTypeParsers,
    // Set at connection start-up, so no query can run before it applies.
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  useNamedStatements(pool);

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
    close: () => db.destroy(),
  });
}
