import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyAccountsStore, createKyselyEscrowStore, escrowMigrations } from '../src/index.js';
import { at, seedSeller } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';
import type { StoreHarness } from './support/store-harness.js';

const { unmigrated, dialects } = await migrationWorld('seller notification channels migration');

describe.each(dialects)('migration 0016-seller-notify-channels on %s', (dialect) => {
  it('gives every existing seller both SMS and email; the choice then changes per seller, and a row with neither is refused', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const upTo15 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0016'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo15 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // Sellers as the code before 0016 wrote them (seedSeller leaves the default choice out): one with an email, one without.
    const harness = { db: handle.db, dialect } as StoreHarness;
    const amani = await seedSeller(harness, { businessName: 'Amani Phones' }, { beforeMigration0017: true });
    const baraka = await seedSeller(harness, { businessName: 'Baraka Boutique', email: null }, { beforeMigration0017: true });

    await handle.migrate();

    const escrow = createKyselyEscrowStore(handle.db, dialect);
    expect(await escrow.read((tx) => tx.sellers.get(amani.id))).toStrictEqual({ ...amani, notifyBySms: true, notifyByEmail: true });
    expect(await escrow.read((tx) => tx.sellers.get(baraka.id))).toStrictEqual({ ...baraka, notifyBySms: true, notifyByEmail: true });
    const accounts = createKyselyAccountsStore(handle.db, dialect);
    expect(await accounts.read((tx) => tx.sellers.findByUserId(amani.userId))).toMatchObject({ id: amani.id, notifyBySms: true, notifyByEmail: true });

    // One seller's choice, not the other's.
    const smsOnly = await accounts.transaction((tx) => tx.sellers.updateOwn(amani.userId, { notifyBySms: true, notifyByEmail: false }, at(10)));
    expect(smsOnly).toMatchObject({ id: amani.id, notifyBySms: true, notifyByEmail: false });
    expect(await escrow.read((tx) => tx.sellers.get(amani.id))).toMatchObject({ notifyBySms: true, notifyByEmail: false });
    expect(await escrow.read((tx) => tx.sellers.get(baraka.id))).toMatchObject({ notifyBySms: true, notifyByEmail: true });

    // Neither is refused by the database itself, whoever writes it.
    await expect(handle.db.updateTable('sellers').set({ notify_by_sms: dialect === 'sqlite' ? 0 : false, notify_by_email: dialect === 'sqlite' ? 0 : false }).where('id', '=', baraka.id).execute()).rejects.toThrow(/check/i);
    // And on SQLite a boolean is 0 or 1, nothing else.
    if (dialect === 'sqlite') await expect(handle.db.updateTable('sellers').set({ notify_by_email: 2 }).where('id', '=', baraka.id).execute()).rejects.toThrow(/check/i);
    expect(await escrow.read((tx) => tx.sellers.get(baraka.id))).toMatchObject({ notifyBySms: true, notifyByEmail: true });
  });
});
