import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, createKyselySmsDeliveryReports, escrowMigrations } from '../src/index.js';
import { at } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';

const { unmigrated, dialects } = await migrationWorld('outbox provider cost migration');

describe.each(dialects)('migration 0020-outbox-provider-cost on %s', (dialect) => {
  it('adds provider_cost to an outbox with delivered and waiting rows: old rows have none and read back as before, a new delivery keeps its cost next to its id', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const before20 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0020'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before20 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    const row = (id: string, deliveredAt: string | null, providerId: string | null) => ({
      id,
      topic: 'notification',
      payload: JSON.stringify({ channel: 'sms', to: '+254712345678', subject: '', body: 'Escrow Delivery: Your order is on its way.' }),
      created_at: at(1).toISOString(),
      attempts: deliveredAt ? 1 : 0,
      next_attempt_at: at(1).toISOString(),
      delivered_at: deliveredAt,
      last_error: null,
      given_up_at: null,
      provider_id: providerId,
    });
    // Rows as the code before 0020 wrote them (no provider_cost column yet).
    await handle.db.insertInto('outbox').values([row('old-delivered', at(2).toISOString(), 'ATXid_before'), row('old-waiting', null, null), row('old-batch', null, null)]).execute();

    await handle.migrate();

    const store = createKyselyEscrowStore(handle.db, dialect);
    expect(await store.read((tx) => tx.outbox.status(at(5), 0))).toMatchObject({ delivered: 1, due: 2 });
    const claimed = await store.transaction((tx) => tx.outbox.claimDue(at(5), 10, at(9)));
    expect(claimed.find((m) => m.id === 'old-waiting')).toStrictEqual({
      id: 'old-waiting',
      topic: 'notification',
      payload: { channel: 'sms', to: '+254712345678', subject: '', body: 'Escrow Delivery: Your order is on its way.' },
      createdAt: at(1),
      attempts: 1,
      nextAttemptAt: at(9),
      deliveredAt: null,
      lastError: null,
      givenUpAt: null,
    });
    await store.transaction((tx) => tx.outbox.markDelivered('old-waiting', at(6), undefined, 'ATXid_after', 'KES 0.8000'));
    await store.single((tx) => tx.outbox.markAllDelivered([{ id: 'old-batch', at: at(6), providerId: 'ATXid_batch', providerCost: 'KES 1.6000' }]));
    const rows = await handle.db.selectFrom('outbox').select(['id', 'provider_id', 'provider_cost']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'old-batch', provider_id: 'ATXid_batch', provider_cost: 'KES 1.6000' },
      { id: 'old-delivered', provider_id: 'ATXid_before', provider_cost: null },
      { id: 'old-waiting', provider_id: 'ATXid_after', provider_cost: 'KES 0.8000' },
    ]);
    // Delivery reports still find the message by its id.
    const reports = createKyselySmsDeliveryReports(handle.db);
    expect(await reports.record({ providerMessageId: 'ATXid_after', status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', failureReason: null, retryCount: 0, receivedAt: at(7) })).toBe(true);
    expect(await reports.stateOfOutboxMessage('old-waiting')).toMatchObject({ status: 'Success', outboxId: 'old-waiting' });
  });
});
