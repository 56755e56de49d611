/**
 * The PostgreSQL availability rule for tests, in one place (copy or import it):
 *
 * - `CI=true`: PostgreSQL tests are mandatory; an unreachable server fails the run.
 * - otherwise: when the server at DATABASE_URL_TEST (default
 *   postgres://postgres@127.0.0.1:5432/test) does not answer, the PostgreSQL suites are
 *   skipped with a loud warning saying so and why, so a laptop without PostgreSQL can still
 *   run everything else.
 *
 * Usage in a test file:
 *   const postgres = await postgresForTests('store contract');
 *   describe.runIf(postgres.available)('...', () => { ... });
 *
 * Each test (or file) then works in its own schema: `createTestSchema()` makes `t_<random>`
 * and drops it afterwards, so files and tests can run in parallel against one database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_TEST_URL = process.env.DATABASE_URL_TEST?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

export type PostgresForTests = { readonly available: true; readonly url: string } | { readonly available: false; readonly url: string; readonly reason: string };

let probe: Promise<PostgresForTests> | undefined;

/** Connects once per test process; the answer is shared by every suite in that process. */
function probeServer(): Promise<PostgresForTests> {
  probe ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL, connectionTimeoutMillis: 3_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return { available: true, url: POSTGRES_TEST_URL } as const;
    } catch (error) {
      return { available: false, url: POSTGRES_TEST_URL, reason: error instanceof Error ? error.message || error.name : String(error) } as const;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return probe;
}

/** Applies the rule above: resolves to the server to use, or throws when CI makes it mandatory. */
export async function postgresForTests(suite: string): Promise<PostgresForTests> {
  const found = await probeServer();
  if (found.available) return found;
  const where = redactUrl(found.url);
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL tests are mandatory when CI=true, but ${where} is unreachable: ${found.reason}`);
  }
  console.warn(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!! SKIPPED: PostgreSQL tests "${suite}"`,
      `!! ${where} is unreachable: ${found.reason}`,
      '!! Start PostgreSQL or set DATABASE_URL_TEST; with CI=true this fails.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
  return found;
}

export interface TestSchema {
  readonly schema: string;
  drop(): Promise<void>;
}

/** A fresh, empty schema with a random name; `drop()` removes it and everything in it. */
export async function createTestSchema(url: string = POSTGRES_TEST_URL): Promise<TestSchema> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  await withClient(url, (c) => c.query(`create schema ${schema}`));
  return {
    schema,
    drop: () => withClient(url, (c) => c.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
