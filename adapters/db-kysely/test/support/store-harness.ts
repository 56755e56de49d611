import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EscrowStore } from '@escrow/core';
import type { Kysely } from 'kysely';
import { createKyselyEscrowStore, openPostgres, openSqlite, type Database, type DatabaseHandle, type SqlDialect } from '../../src/index.js';
import { createTestSchema } from './postgres.js';

/** A freshly migrated, empty database of one dialect, with the store on it. */
export interface StoreHarness {
  readonly dialect: SqlDialect;
  readonly handle: DatabaseHandle;
  readonly db: Kysely<Database>;
  readonly store: EscrowStore;
  /** Where the SQLite file lives (other processes may open it); undefined on PostgreSQL. */
  readonly sqliteFile?: string;
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
    const file = join(dir, 'escrow.sqlite');
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
        async dispose() {
          await handle.close();
          await schema.drop();
        },
      };
    },
  };
}
