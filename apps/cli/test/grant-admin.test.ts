import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKyselyAccountsStore, openDatabase } from '@escrow/db-kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { cli } from './support/run-cli.js';

const postgres = await postgresForTests('admin CLI');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A migrated database with one account, as the API leaves it; returns the env that points at it. */
async function databaseWithAccount(dialect: 'sqlite' | 'postgres'): Promise<{ env: Record<string, string>; roles(): Promise<string[]> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-cli-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  if (dialect === 'postgres') {
    const { schema, drop } = await createTestSchema(postgres.url);
    cleanups.push(drop);
    const url = new URL(postgres.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = { ...env, DATABASE_URL: url.toString() };
  }
  const handle = openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
  await handle.migrate();
  const store = createKyselyAccountsStore(handle.db, handle.dialect);
  await store.transaction((tx) => tx.users.insert({ id: 'user-1', email: 'amani@example.com', passwordHash: 'x', createdAt: new Date(), lastSignInAt: null }));
  await handle.close();
  return {
    env,
    async roles() {
      const h = openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
      try {
        return (await h.db.selectFrom('user_roles').select('role').where('user_id', '=', 'user-1').execute()).map((r) => r.role);
      } finally {
        await h.close();
      }
    },
  };
}

describe('escrow-admin (a real process)', () => {
  it('prints its usage: on stdout with exit 0 when asked, on stderr with exit 2 when called wrongly', async () => {
    const [help, bare, unknown, commandHelp] = await Promise.all([cli(['--help'], {}), cli([], {}), cli(['make-coffee'], {}), cli(['grant-admin', '--help'], {})]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: escrow-admin <command>');
    expect(help.stdout).toContain('grant-admin EMAIL');

    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Usage: escrow-admin <command>');

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "make-coffee"');

    expect(commandHelp.code).toBe(0);
    expect(commandHelp.stdout).toContain('Gives the account with this email the admin role');
  });

  it('refuses a missing or extra argument and an unknown option (exit 2)', async () => {
    const cases = [['grant-admin'], ['grant-admin', 'a@example.com', 'b@example.com'], ['grant-admin', '--force', 'a@example.com']];
    const runs = await Promise.all(cases.map((args) => cli(args, { DATA_DIR: '/nonexistent' })));
    runs.forEach((run, i) => {
      expect(run.code, cases[i]?.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    });
  });

  it('refuses a DATA_DIR without a database instead of creating an empty one (exit 1)', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'escrow-cli-empty-'));
    cleanups.push(() => rm(empty, { recursive: true, force: true }));
    const run = await cli(['grant-admin', 'amani@example.com'], { DATA_DIR: empty });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`no database at ${join(empty, 'escrow.sqlite')}`);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL (exit 2) without echoing its password', async () => {
    const run = await cli(['grant-admin', 'amani@example.com'], { DATABASE_URL: 'mysql://root:hunter2@db/escrow' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL must be a postgres://');
    expect(run.stderr).not.toContain('hunter2');
  });

  // Four CLI processes in a row: minutes, not seconds, on a loaded machine.
  it.each(['sqlite', ...(postgres.available ? ['postgres' as const] : [])] as const)('grants the admin role on %s, once', { timeout: 240_000 }, async (dialect) => {
    const db = await databaseWithAccount(dialect);

    const unknown = await cli(['grant-admin', 'nobody@example.com'], db.env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no account with the email nobody@example.com');

    const invalid = await cli(['grant-admin', 'not-an-email'], db.env);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('Invalid email address');

    const granted = await cli(['grant-admin', ' Amani@Example.com '], db.env);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('Granted the admin role to amani@example.com');
    expect(await db.roles()).toEqual(['admin']);

    const again = await cli(['grant-admin', 'amani@example.com'], db.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('amani@example.com is already an admin; nothing changed.');
    expect(await db.roles()).toEqual(['admin']);
  });
});
