// The API as production composes it (composition-root.ts's compose() with a Config from the
// real parser) on a fresh database: every API test world starts here (decision 0072).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlDialect } from '@escrow/db-kysely';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { compose, type ComposeOptions, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { recordingLogger, type LogEntry } from './recording-logger.js';

export const postgres = await postgresForTests('API composed as in production');
/** SQLite always; PostgreSQL when reachable (mandatory with CI=true). */
export const DIALECTS: readonly SqlDialect[] = ['sqlite', ...(postgres.available ? ['postgres' as const] : [])];

export interface ComposedApi {
  readonly composed: Composed;
  /** The environment the API was composed from (DATA_DIR, DATABASE_URL for PostgreSQL): a process's, the admin CLI's too. */
  readonly env: NodeJS.ProcessEnv;
  readonly dataDir: string;
  readonly logs: LogEntry[];
  dispose(): Promise<void>;
}

/**
 * A fresh SQLite file under a temporary DATA_DIR, or a fresh PostgreSQL schema (DATABASE_URL's
 * search_path), and compose() on it. `env` is added to the test's defaults (no built frontend,
 * the Paybill, the console notifier writing to a file of the world's own where tests read the SMS).
 */
export async function composeApi(dialect: SqlDialect, options: { readonly env?: NodeJS.ProcessEnv } & ComposeOptions = {}): Promise<ComposedApi> {
  const { env: extraEnv, ...composeOptions } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-api-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent', PAYBILL_BUSINESS_NUMBER: '522533', PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd', NOTIFY_CONSOLE_FILE: join(dataDir, 'console-notifier.log'), ...extraEnv };
  try {
    if (dialect === 'postgres') {
      const schema = await createTestSchema(postgres.url);
      cleanups.push(() => schema.drop());
      const url = new URL(postgres.url);
      url.searchParams.set('options', `-c search_path=${schema.schema}`);
      env['DATABASE_URL'] = url.toString();
    }
    const logger = recordingLogger();
    const composed = await compose(loadConfig(env), logger, { dispatchIntervalMs: 60_000, ...composeOptions });
    cleanups.push(() => composed.close());
    return {
      composed,
      env,
      dataDir,
      logs: logger.entries,
      async dispose() {
        for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
}
