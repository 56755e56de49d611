import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { escrowMigrations, openDatabase, openPostgres, openSqlite, type DatabaseHandle } from '../src/index.js';
import { parseInt8 } from '../src/connection/pg-type-parsers.js';
import { expectRefused } from './support/expectations.js';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { sqliteTarget, postgresTarget, type StoreTarget } from './support/store-harness.js';

const postgres = await postgresForTests('connections and migrations');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-db-conn-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};
const track = (handle: DatabaseHandle): DatabaseHandle => {
  cleanups.push(() => handle.close());
  return handle;
};

describe.each(targets.map((t) => [t.name, t] as const))('migrations on %s', (_name, target) => {
  it('are applied once: a second migrate is a no-op, and check() reports the database ready', async () => {
    const h = await target.open();
    cleanups.push(() => h.dispose());
    await h.handle.migrate();
    expect(await h.handle.check()).toEqual({ ok: true });
    const executed = await new Migrator({ db: h.db, provider: { getMigrations: async () => escrowMigrations(h.dialect) }, ...(h.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(h.handle) } : {}) }).getMigrations();
    expect(executed.map((m) => [m.name, m.executedAt !== undefined])).toEqual(Object.keys(escrowMigrations(h.dialect)).map((name) => [name, true]));
  });

  it('are all-or-nothing: a failing step leaves none of its tables behind', async () => {
    const h = await target.open();
    cleanups.push(() => h.dispose());
    const migrator = new Migrator({
      db: h.db,
      provider: {
        getMigrations: async () => ({
          ...escrowMigrations(h.dialect),
          '9999-broken': {
            async up(db) {
              await db.schema.createTable('half_done').addColumn('id', 'text').execute();
              throw new Error('step fails after its first statement');
            },
          },
        }),
      },
      ...(h.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(h.handle) } : {}),
    });
    const { error } = await migrator.migrateToLatest();
    expect(String(error)).toContain('step fails after its first statement');
    const tables = await h.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('half_done');
    expect(tables.map((t) => t.name)).toContain('orders');
  });

  it('refuse a timestamp that is not ISO-8601 UTC with milliseconds', async () => {
    const h = await target.open();
    cleanups.push(() => h.dispose());
    const row = { id: 'u1', email: 'a@example.com', password_hash: 'x', last_sign_in_at: null };
    await expectRefused(h.db.insertInto('users').values({ ...row, created_at: '2026-01-15 09:00:00' }).execute(), 'check');
    await expectRefused(h.db.insertInto('users').values({ ...row, email: 'Mixed@Example.com', created_at: new Date().toISOString() }).execute(), 'check');
    await h.db.insertInto('users').values({ ...row, created_at: new Date().toISOString() }).execute();
    await expectRefused(h.db.insertInto('users').values({ ...row, id: 'u2', created_at: new Date().toISOString() }).execute(), 'unique');
  });
});

describe('openSqlite', () => {
  it('creates the directory, and turns on WAL, foreign keys and a busy timeout', async () => {
    const file = join(await tempDir(), 'nested', 'deeper', 'escrow.sqlite');
    const handle = track(openSqlite({ file, busyTimeoutMs: 1234 }));
    expect(await handle.check()).toMatchObject({ ok: false, detail: expect.stringContaining('pending migrations') });
    await handle.migrate();
    expect(existsSync(file)).toBe(true);
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(1234);
    expect(await handle.check()).toEqual({ ok: true });
  });

  it('works in memory, and closing twice is harmless', async () => {
    const handle = openSqlite({ file: ':memory:' });
    await handle.migrate();
    expect(await handle.check()).toEqual({ ok: true });
    await handle.close();
    await handle.close();
    expect(() => openSqlite({ file: ' ' })).toThrow(/file must be/);
  });
});

describe('openDatabase', () => {
  it('uses <dataDir>/escrow.sqlite when no DATABASE_URL is set', async () => {
    const dataDir = await tempDir();
    for (const databaseUrl of [undefined, '', '  ']) {
      const handle = track(openDatabase({ databaseUrl, dataDir }));
      expect(handle.dialect).toBe('sqlite');
      await handle.migrate();
    }
    expect(existsSync(join(dataDir, 'escrow.sqlite'))).toBe(true);
  });

  it('uses PostgreSQL for a postgres:// URL and refuses any other scheme', async () => {
    const handle = track(openDatabase({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/none', dataDir: await tempDir() }));
    expect(handle.dialect).toBe('postgres');
    expect(() => openDatabase({ databaseUrl: 'mysql://root:secret@db/escrow', dataDir: '/tmp' })).toThrow(/must be a postgres:\/\/ .*\/\/\*\*\*@db/);
  });
});

describe('openPostgres', () => {
  it('reports an unreachable server through check() instead of throwing', async () => {
    const handle = track(openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMs: 1_000 }));
    const health = await handle.check();
    expect(health.ok).toBe(false);
    expect(health.detail).toBeTruthy();
    expect(() => openPostgres({ connectionString: 'postgres://x@y/z', schema: 'public; drop table orders' })).toThrow(/schema must match/);
  });

  it.runIf(postgres.available)('returns BIGINT as numbers and migrates into the server default schema when none is named', async () => {
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    // A search_path given in the URL, as an operator would: no `schema` option.
    const url = new URL(postgres.url);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    const handle = track(openPostgres({ connectionString: url.toString() }));
    await handle.migrate();
    expect(await handle.check()).toEqual({ ok: true });
    const { rows } = await sql<{ big: unknown; neg: unknown }>`select 5000000000000::bigint as big, (-42)::int8 as neg`.execute(handle.db);
    expect(rows[0]).toEqual({ big: 5_000_000_000_000, neg: -42 });
    const tables = await sql<{ n: unknown }>`select count(*) as n from information_schema.tables where table_schema = ${schema.schema}`.execute(handle.db);
    expect(tables.rows[0]?.n).toBeGreaterThanOrEqual(22);
  });

  it.runIf(postgres.available)('lets two instances migrate one schema at once (one waits), and other schemas in parallel', async () => {
    const shared = await createTestSchema();
    const other = await createTestSchema();
    cleanups.push(() => shared.drop(), () => other.drop());
    const [a, b, c] = [shared, shared, other].map((s) => track(openPostgres({ connectionString: postgres.url, schema: s.schema })));
    await Promise.all([a!.migrate(), b!.migrate(), c!.migrate()]);
    for (const [handle, schema] of [[a!, shared.schema], [c!, other.schema]] as const) {
      const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(handle.db);
      expect(rows.map((r) => r.name)).toEqual(Object.keys(escrowMigrations('postgres')));
    }
  });

  it('refuses an int8 it cannot hold exactly, rather than rounding it', () => {
    expect(parseInt8('-5000000000000')).toBe(-5_000_000_000_000);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });
});

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(handle.db);
  return rows[0]?.s ?? 'public';
}
