import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyAccountsStore, createKyselyEscrowStore, escrowMigrations } from '../src/index.js';
import { codecFor } from '../src/store/codec.js';
import { orderToRow } from '../src/store/order-mapping.js';
import { at, newOrder, newRider, seedSeller } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';
import type { StoreHarness } from './support/store-harness.js';

const { unmigrated, dialects } = await migrationWorld('recipient locales migration');

describe.each(dialects)('migration 0022-recipient-locales on %s', (dialect) => {
  it('gives every existing order and account English, and every rider (no row yet); each then changes on its own, and a language other than en or sw is refused by the database', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const before22 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0022'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before22 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // Rows as the code before 0022 wrote them: no language columns yet.
    const harness = { db: handle.db, dialect } as StoreHarness;
    const seller = await seedSeller(harness);
    const order = newOrder(seller.id);
    const { buyer_locale: _buyerLocale, ...orderRow } = orderToRow(order, codecFor(dialect));
    await handle.db.insertInto('orders').values(orderRow).execute();
    const rider = newRider(seller.id);
    await handle.db.insertInto('riders').values({ id: rider.id, seller_id: rider.sellerId, name: rider.name, phone: rider.phone, motorbike_plate: rider.motorbikePlate, created_at: at(2).toISOString() }).execute();

    await handle.migrate();

    const escrow = createKyselyEscrowStore(handle.db, dialect);
    const accounts = createKyselyAccountsStore(handle.db, dialect);
    expect(await escrow.read((tx) => tx.orders.get(order.id))).toStrictEqual({ ...order, buyerLocale: 'en' });
    expect(await escrow.read((tx) => tx.riders.get(rider.id))).toStrictEqual(rider);
    expect(await escrow.read((tx) => tx.riders.localeOf(rider.phone))).toBe('en');
    expect(await escrow.read((tx) => tx.sellers.get(seller.id))).toMatchObject({ id: seller.id, locale: 'en' });
    expect(await accounts.read((tx) => tx.users.get(seller.userId))).toMatchObject({ locale: 'en' });

    // Each changes on its own.
    expect(await escrow.transaction((tx) => tx.orders.update(order.id, order.version, { buyerLocale: 'sw', updatedAt: at(5) }))).toBe(true);
    await escrow.transaction((tx) => tx.riders.setLocale(rider.phone, 'sw', at(5)));
    // A phone on no list has a language too (a rider assigned by name and phone); set again, it changes.
    await escrow.transaction((tx) => tx.riders.setLocale('+254733000999', 'sw', at(5)));
    await escrow.transaction((tx) => tx.riders.setLocale('+254733000999', 'en', at(6)));
    await accounts.transaction((tx) => tx.users.setLocale(seller.userId, 'sw'));
    expect(await escrow.read((tx) => tx.orders.get(order.id))).toMatchObject({ buyerLocale: 'sw' });
    expect(await escrow.read((tx) => tx.riders.localeOf(rider.phone))).toBe('sw');
    expect(await escrow.read((tx) => tx.riders.localeOf('+254733000999'))).toBe('en');
    // The seller's language is the account's, read with every seller read (and with the order's row lock).
    expect(await escrow.read((tx) => tx.sellers.get(seller.id))).toMatchObject({ locale: 'sw' });
    expect(await escrow.transaction((tx) => tx.orders.getForUpdate(order.id))).toMatchObject({ id: order.id });
    expect(await escrow.transaction(async (tx) => (await tx.orders.getForUpdate(order.id), tx.sellers.get(seller.id)))).toMatchObject({ locale: 'sw' });

    // The database itself refuses any other value, whoever writes it.
    await expect(handle.db.updateTable('orders').set({ buyer_locale: 'fr' as 'en' }).where('id', '=', order.id).execute()).rejects.toThrow(/check/i);
    await expect(handle.db.updateTable('rider_locales').set({ locale: 'EN' as 'en' }).where('phone', '=', rider.phone).execute()).rejects.toThrow(/check/i);
    await expect(handle.db.updateTable('users').set({ locale: '' as 'en' }).where('id', '=', seller.userId).execute()).rejects.toThrow(/check/i);
  });
});
