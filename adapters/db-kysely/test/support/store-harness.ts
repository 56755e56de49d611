import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EscrowStore } from '@escrow/core';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { createKyselyEscrowStore, openPostgres, openSqlite, SQLITE_FILE_NAME, type Database, type DatabaseHandle, type SqlDialect } from '../../src/index.js';
import { createTestSchema } from '@escrow/test-kit/postgres';

/** A freshly migrated, empty database of one dialect, with the store on it. */
export interface StoreHarness {
  readonly dialect: SqlDialect;
  readonly handle: DatabaseHandle;
  readonly db: Kysely<Database>;
  readonly store: EscrowStore;
  /** Where the SQLite file lives (other processes may open it); undefined on PostgreSQL. */
  readonly sqliteFile?: string;
  /** On PostgreSQL, a connection string whose search_path selects the test's schema (for other processes); undefined on SQLite. */
  readonly databaseUrl?: string;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  readonly poolSize?: number;
}

/** How a suite gets a fresh database per test; the same suite runs on every target. */
export interface StoreTarget {
  readonly name: string;
  readonly dialect: SqlDialect;
  open(options?: HarnessOptions): Promise<StoreHarness>;
}

export const sqliteTarget: StoreTarget = {
  name: 'sqlite',
  dialect: 'sqlite',
  async open() {
    // A real file (not ':memory:') so WAL, busy_timeout and other processes behave as in production.
    const dir = await mkdtemp(join(tmpdir(), 'escrow-db-test-'));
    const file = join(dir, SQLITE_FILE_NAME);
    const handle = openSqlite({ file });
    await handle.migrate();
    return {
      dialect: 'sqlite',
      handle,
      db: handle.db,
      store: createKyselyEscrowStore(handle.db, 'sqlite'),
      sqliteFile: file,
      async dispose() {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

function schemaUrl(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

export function postgresTarget(url: string): StoreTarget {
  return {
    name: 'postgres',
    dialect: 'postgres',
    async open(options = {}) {
      const schema = await createTestSchema(url);
      const handle = openPostgres({ connectionString: url, schema: schema.schema, poolSize: options.poolSize ?? 4 });
      try {
        await handle.migrate();
      } catch (error) {
        await handle.close();
        await schema.drop();
        throw error;
      }
      return {
        dialect: 'postgres',
        handle,
        db: handle.db,
        store: createKyselyEscrowStore(handle.db, 'postgres'),
        databaseUrl: schemaUrl(url, schema.schema),
        async dispose() {
          await handle.close();
          await schema.drop();
        },
      };
    },
  };
}

/** `open(target)`: a fresh database for the running test, disposed after it. Call once, at the top of a test file. */
export function harnessPerTest(): (target: StoreTarget, options?: HarnessOptions) => Promise<StoreHarness> {
  const opened: StoreHarness[] = [];
  afterEach(async () => {
    for (const harness of opened.splice(0)) await harness.dispose();
  });
  return async (target, options) => {
    const harness = await target.open(options);
    opened.push(harness);
    return harness;
  };
}

/** A fresh database that processes (the API, the admin CLI) open as well as the test. */
export interface ProcessDatabase extends StoreHarness {
  /** What such a process runs with to open it: DATA_DIR (SQLite's file is in it) and, on PostgreSQL, DATABASE_URL selecting the schema. */
  readonly env: Record<string, string>;
}

export async function databaseForProcesses(target: StoreTarget, options?: HarnessOptions): Promise<ProcessDatabase> {
  const harness = await target.open(options);
  if (harness.sqliteFile !== undefined) return { ...harness, env: { DATA_DIR: dirname(harness.sqliteFile) } };
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-db-test-'));
  return {
    ...harness,
    env: { DATA_DIR: dataDir, ...(harness.databaseUrl !== undefined ? { DATABASE_URL: harness.databaseUrl } : {}) },
    async dispose() {
      await harness.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
