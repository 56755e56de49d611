import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyAccountsStore, escrowMigrations } from '../src/index.js';
import { at } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';

const { unmigrated, dialects } = await migrationWorld('oauth sign-in migration');

describe.each(dialects)('migration 0021-oauth-sign-in on %s', (dialect) => {
  it('adds email_verified_at to users who were there (none proven yet), keeps their passwords, and reads an anonymised one as no password', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const before21 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0021'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before21 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();
    const row = (id: string, email: string, hash: string) => ({ id, email, password_hash: hash, created_at: at(1).toISOString(), last_sign_in_at: null });
    // Rows as the code before 0021 wrote them (no email_verified_at column yet).
    await handle.db.insertInto('users').values([row('u1', 'amani@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'), row('u2', 'anonymised-u2@deleted.invalid', '!anonymised')]).execute();

    await handle.migrate();

    const store = createKyselyAccountsStore(handle.db, dialect);
    expect(await store.read((tx) => tx.users.get('u1'))).toMatchObject({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', emailVerifiedAt: null });
    expect(await store.read((tx) => tx.users.get('u2'))).toMatchObject({ passwordHash: null, emailVerifiedAt: null });
    expect(await handle.db.selectFrom('oauth_identities').selectAll().execute()).toEqual([]);
    // A subject's link goes with its user row.
    await handle.db.insertInto('oauth_identities').values({ provider: 'google', subject: 's1', user_id: 'u1', email: 'amani@example.com', created_at: at(2).toISOString(), last_sign_in_at: at(2).toISOString() }).execute();
    await expect(handle.db.insertInto('oauth_identities').values({ provider: 'github' as 'google', subject: 's2', user_id: 'u1', email: 'x@example.com', created_at: at(2).toISOString(), last_sign_in_at: at(2).toISOString() }).execute()).rejects.toThrow(/check/i);
    await handle.db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await handle.db.selectFrom('oauth_identities').selectAll().execute()).toEqual([]);
  });
});
