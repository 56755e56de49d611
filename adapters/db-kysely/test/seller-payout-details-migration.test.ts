import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyAccountsStore, createKyselyEscrowStore, escrowMigrations } from '../src/index.js';
import { at, seedSeller } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';
import type { StoreHarness } from './support/store-harness.js';

const { unmigrated, dialects } = await migrationWorld('seller payout details migration');

const none = { phone: null, paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null };

describe.each(dialects)('migration 0017-seller-payout-details on %s', (dialect) => {
  it('keeps every existing seller paid where they said (the spec\'s method and number), holds nothing, leaves the business phone out of it; the database then refuses a method without its number', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const upTo16 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0017'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo16 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // Sellers as the code before 0017 wrote them: payment_method / payment_number only.
    const harness = { db: handle.db, dialect } as StoreHarness;
    const before = { beforeMigration0017: true };
    const mpesa = await seedSeller(harness, { phone: '+254700000001', payoutDetails: { ...none, method: 'mpesa_phone', phone: '+254722000123' } }, before);
    const paybill = await seedSeller(harness, { payoutDetails: { ...none, method: 'paybill', paybillNumber: '247247' } }, before);
    const till = await seedSeller(harness, { payoutDetails: { ...none, method: 'till', tillNumber: '5123456' } }, before);
    // Written before the forms normalised numbers, and one that never fit its method.
    const loose = await seedSeller(harness, { phone: '+254700000002' }, before);
    await handle.db.updateTable('sellers').set({ payment_number: '0733 000 444' }).where('id', '=', loose.id).execute();
    const broken = await seedSeller(harness, { phone: '+254700000003', payoutDetails: { ...none, method: 'till', tillNumber: '5123456' } }, before);
    await handle.db.updateTable('sellers').set({ payment_number: 'ask me' }).where('id', '=', broken.id).execute();
    // An anonymised seller (the purge of 0006): nothing to pay to.
    const gone = await seedSeller(harness, {}, before);
    await handle.db.updateTable('sellers').set({ phone: 'Deleted', payment_number: 'Deleted', anonymised_at: at(2).toISOString() }).where('id', '=', gone.id).execute();

    await handle.migrate();

    const escrow = createKyselyEscrowStore(handle.db, dialect);
    const read = (id: string) => escrow.read((tx) => tx.sellers.get(id));
    expect(await read(mpesa.id)).toStrictEqual(mpesa);
    expect((await read(mpesa.id))?.payoutDetails).toEqual({ ...none, method: 'mpesa_phone', phone: '+254722000123' });
    expect(await read(paybill.id)).toStrictEqual(paybill);
    expect(await read(till.id)).toStrictEqual(till);
    expect((await read(loose.id))?.payoutDetails).toEqual({ ...none, method: 'mpesa_phone', phone: '+254733000444' });
    // Nothing to pay to in what was given: the business phone, the one number known to be theirs.
    expect((await read(broken.id))?.payoutDetails).toEqual({ ...none, method: 'mpesa_phone', phone: '+254700000003' });
    expect((await read(gone.id))?.payoutDetails).toEqual({ ...none, method: 'mpesa_phone' });
    const accounts = createKyselyAccountsStore(handle.db, dialect);
    expect(await accounts.read((tx) => tx.sellers.findByUserId(paybill.userId))).toMatchObject({ paymentMethod: 'paybill', paymentNumber: '247247', payoutDetails: paybill.payoutDetails });

    // The database itself refuses a destination without its number, and numbers of the wrong shape, whoever writes them.
    const refused = (set: Record<string, unknown>) => expect(sql`update sellers set ${sql.join(Object.entries(set).map(([k, v]) => sql`${sql.ref(k)} = ${v}`))} where id = ${till.id}`.execute(handle.db)).rejects.toThrow(/check/i);
    await refused({ payout_till_number: null });
    await refused({ payout_method: 'paybill' });
    await refused({ payout_method: 'bank' });
    await refused({ payout_till_number: '1234' });
    await refused({ payout_till_number: '12345678' });
    await refused({ payout_phone: '0712345678' });
    await refused({ payout_account_reference: '12345678901234' });
    await refused({ payout_details_changed_at: 'yesterday' });
    expect(await read(till.id)).toStrictEqual(till);
    // A Paybill with its number but no account reference is a state the sellers of before 0017 are in.
    await sql`update sellers set payout_method = 'paybill', payout_paybill_number = '600100', payout_till_number = null where id = ${till.id}`.execute(handle.db);
    expect((await read(till.id))?.payoutDetails).toEqual({ ...none, method: 'paybill', paybillNumber: '600100' });
  });
});
