import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, createKyselySmsDeliveryReports, escrowMigrations } from '../src/index.js';
import { at } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';

const { unmigrated, dialects } = await migrationWorld('SMS delivery reports migration');

describe.each(dialects)('migration 0012-sms-delivery-reports on %s', (dialect) => {
  it('adds provider_id to an outbox that has delivered and waiting rows (they read back as before) and the reports table', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const upTo11 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0012'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo11 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    const row = (id: string, deliveredAt: string | null) => ({ id, topic: 'notification', payload: JSON.stringify({ channel: 'email', to: 'amani@example.com', subject: 'Hi', body: 'Hello' }), created_at: at(1).toISOString(), attempts: deliveredAt ? 1 : 0, next_attempt_at: at(1).toISOString(), delivered_at: deliveredAt, last_error: null, given_up_at: null });
    // Rows as the code before 0012 wrote them (no provider_id column yet).
    await handle.db.insertInto('outbox').values([row('old-delivered', at(2).toISOString()), row('old-waiting', null)]).execute();

    await handle.migrate();

    const store = createKyselyEscrowStore(handle.db, dialect);
    const status = await store.read((tx) => tx.outbox.status(at(5), 0));
    expect(status).toMatchObject({ delivered: 1, due: 1 });
    const [waiting] = await store.transaction((tx) => tx.outbox.claimDue(at(5), 10, at(9)));
    expect(waiting).toStrictEqual({ id: 'old-waiting', topic: 'notification', payload: { channel: 'email', to: 'amani@example.com', subject: 'Hi', body: 'Hello' }, createdAt: at(1), attempts: 1, nextAttemptAt: at(9), deliveredAt: null, lastError: null, givenUpAt: null });
    await store.transaction((tx) => tx.outbox.markDelivered('old-waiting', at(6), undefined, 'ATXid_after'));
    const rows = await handle.db.selectFrom('outbox').select(['id', 'provider_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'old-delivered', provider_id: null },
      { id: 'old-waiting', provider_id: 'ATXid_after' },
    ]);
    const reports = createKyselySmsDeliveryReports(handle.db);
    expect(await reports.record({ providerMessageId: 'ATXid_after', status: 'Success', phoneNumber: '+254712345678', networkCode: null, failureReason: null, retryCount: null, receivedAt: at(7) })).toBe(true);
    expect(await reports.stateOfOutboxMessage('old-waiting')).toMatchObject({ status: 'Success', outboxId: 'old-waiting' });
  });
});
