import { openPostgres } from '@escrow/db-kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { startTcpProxy } from '@escrow/test-kit/tcp-proxy';
import { cli } from './support/run-cli.js';

// The admin CLI as a real process whose PostgreSQL connection is cut in the middle of a
// command: before, the checked-out client's 'error' event had no listener and the process
// died with "Unhandled 'error' event"; now the command fails and says why.
const postgres = await postgresForTests('admin CLI connection loss');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(postgres.available)('escrow-admin when its PostgreSQL connection is lost mid-command', () => {
  it('ledger check: exit 1 with "the database is unavailable", no unhandled error', { timeout: 120_000 }, async () => {
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    const migrated = openPostgres({ connectionString: postgres.url, schema: schema.schema, poolSize: 1 });
    await migrated.migrate();
    await migrated.close();
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    // The ledger check's snapshot begins; its answer never arrives (a silent network), then every connection is cut.
    proxy.onClientSends('repeatable read', () => {
      proxy.blackhole(true);
      setTimeout(() => {
        proxy.blackhole(false);
        proxy.cut();
      }, 300);
    });
    const url = new URL(proxy.urlFor(postgres.url));
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    const run = await cli(['ledger', 'check'], { DATABASE_URL: url.toString() });
    expect(run.stderr).not.toMatch(/Unhandled 'error' event|node:events/);
    expect(run.stderr).toMatch(/escrow-admin ledger check: failed: the database is unavailable \(connection lost, Connection terminated unexpectedly\)/);
    expect(run.code).toBe(1);
  });
});
