import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openPostgres, openSqlite, type DatabaseHandle } from '../../src/index.js';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';

/**
 * What every migration test needs: an empty database on each dialect (a fresh SQLite file, a
 * fresh PostgreSQL schema), closed and removed after each test.
 */
export async function migrationWorld(what: string) {
  const postgres = await postgresForTests(what);
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function unmigrated(dialect: 'sqlite' | 'postgres'): Promise<{ handle: DatabaseHandle; schema?: string }> {
    if (dialect === 'sqlite') {
      const dir = await mkdtemp(join(tmpdir(), 'escrow-migration-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const handle = openSqlite({ file: join(dir, 'escrow.sqlite') });
      cleanups.push(() => handle.close());
      return { handle };
    }
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    const handle = openPostgres({ connectionString: postgres.url, schema: schema.schema, poolSize: 2 });
    cleanups.push(() => handle.close());
    return { handle, schema: schema.schema };
  }

  const dialects: ('sqlite' | 'postgres')[] = postgres.available ? ['sqlite', 'postgres'] : ['sqlite'];
  return { postgres, unmigrated, dialects };
}
