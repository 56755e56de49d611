import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyFileReferences, createKyselyJobLeases, FILE_URL_COLUMNS, openPostgres } from '../../src/index.js';
import { newOrder, seedSeller } from '../support/fixtures.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { harnessPerTest, postgresTarget, sqliteTarget, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('file sweep store');
const TARGETS: readonly StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const T0 = new Date('2026-03-01T03:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;

const open = harnessPerTest();

describe.each(TARGETS)('job leases and file references on $name', (target) => {
  it('a lease is taken once until it runs out, by its holder too; then by whoever asks first', async () => {
    const leases = createKyselyJobLeases((await open(target)).db);
    expect(await leases.tryTake('sweep-files', { holder: 'api-a', now: T0, until: later(DAY) })).toBe(true);
    expect(await leases.tryTake('sweep-files', { holder: 'api-b', now: later(60_000), until: later(DAY + 60_000) })).toBe(false);
    expect(await leases.tryTake('sweep-files', { holder: 'api-a', now: later(DAY - 1), until: later(2 * DAY) })).toBe(false);
    // Another job has its own lease.
    expect(await leases.tryTake('other-job', { holder: 'api-b', now: later(60_000), until: later(DAY) })).toBe(true);
    expect(await leases.tryTake('sweep-files', { holder: 'api-b', now: later(DAY), until: later(2 * DAY) })).toBe(true);
    expect(await leases.tryTake('sweep-files', { holder: 'api-a', now: later(DAY + 1), until: later(2 * DAY + 1) })).toBe(false);
  });

  it('a released lease is free at once; a release by a holder whose lease was taken over changes nothing', async () => {
    const leases = createKyselyJobLeases((await open(target)).db);
    expect(await leases.tryTake('payout-round', { holder: 'api-a', now: T0, until: later(120_000) })).toBe(true);
    await leases.release('payout-round', { holder: 'api-a', now: later(1_000) });
    expect(await leases.tryTake('payout-round', { holder: 'api-b', now: later(1_000), until: later(121_000) })).toBe(true);
    // api-a's late release (its lease was api-b's by then) leaves api-b's lease alone.
    await leases.release('payout-round', { holder: 'api-a', now: later(2_000) });
    expect(await leases.tryTake('payout-round', { holder: 'api-c', now: later(2_000), until: later(122_000) })).toBe(false);
    // Renewed by its holder while it holds it; not by one whose lease was taken over.
    expect(await leases.renew('payout-round', { holder: 'api-b', now: later(3_000), until: later(200_000) })).toBe(true);
    expect(await leases.tryTake('payout-round', { holder: 'api-c', now: later(150_000), until: later(250_000) })).toBe(false);
    expect(await leases.renew('payout-round', { holder: 'api-a', now: later(3_000), until: later(300_000) })).toBe(false);
    expect(await leases.renew('payout-round', { holder: 'api-b', now: later(200_000), until: later(300_000) })).toBe(false);
    // Releasing a lease never taken is nothing.
    await leases.release('never-taken', { holder: 'api-a', now: later(2_000) });
    expect(await leases.tryTake('never-taken', { holder: 'api-c', now: later(2_000), until: later(60_000) })).toBe(true);
  });

  it('finds which URLs a row names (order photos, seller logos), and whether any row names a file', async () => {
    const h = await open(target);
    const refs = createKyselyFileReferences(h.db, h.dialect);
    expect(await refs.anyReferenced()).toBe(false);
    expect(await refs.referencedAmong(['/uploads/order-photos/products/a.jpg'])).toEqual(new Set());
    const seller = await seedSeller(h);
    await h.db.updateTable('sellers').set({ logo_url: '/uploads/order-photos/seller-logos/logo.png' }).where('id', '=', seller.id).execute();
    const order = newOrder(seller.id, { productPhotoUrl: '/uploads/order-photos/products/a.jpg', packagedPhotoUrl: '/uploads/order-photos/packaged/b.jpg' });
    await h.store.transaction((tx) => tx.orders.insert(order));
    await h.db.updateTable('orders').set({ pickup_photo_url: '/uploads/order-photos/pickup/c.jpg' }).where('id', '=', order.id).execute();
    expect(await refs.anyReferenced()).toBe(true);
    const asked = ['a.jpg', 'b.jpg', 'c.jpg', 'logo.png', 'orphan.jpg'].flatMap((name) => ['products', 'packaged', 'pickup', 'seller-logos'].map((folder) => `/uploads/order-photos/${folder}/${name}`));
    // More than one batch of look-ups.
    const many = [...asked, ...Array.from({ length: 2_500 }, (_, i) => `/uploads/order-photos/products/none-${i}.jpg`)];
    expect([...(await refs.referencedAmong(many))].sort()).toEqual([
      '/uploads/order-photos/packaged/b.jpg',
      '/uploads/order-photos/pickup/c.jpg',
      '/uploads/order-photos/products/a.jpg',
      '/uploads/order-photos/seller-logos/logo.png',
    ]);
    expect(await refs.referencedAmong([])).toEqual(new Set());
  });

  it('considers every column of the schema that could hold a stored file', async () => {
    const h = await open(target);
    // PostgreSQL lists the tables of every schema (other tests' too): this test's own only.
    const own = h.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s : undefined;
    const tables = await h.db.introspection.getTables();
    const fileLike = tables
      .filter((t) => !t.name.startsWith('kysely_') && t.schema === own)
      .flatMap((t) => t.columns.filter((c) => /url|photo|logo|image|file|attachment|avatar|picture|upload|path/i.test(c.name)).map((c) => `${t.name}.${c.name}`));
    // Named like a file but text the seller types (a description of the business, at most 500 characters).
    const notFiles = ['sellers.business_profile'];
    expect(fileLike.filter((c) => !notFiles.includes(c)).sort()).toEqual(FILE_URL_COLUMNS.map(([table, column]) => `${table}.${column}`).sort());
    expect(fileLike).toEqual(expect.arrayContaining(notFiles));
  });

  it('reads each file column through its index', async () => {
    const h = await open(target);
    const plans: string[] = [];
    if (h.dialect === 'sqlite') {
      for (const [table, column] of FILE_URL_COLUMNS) {
        const { rows } = await sql<{ detail: string }>`explain query plan select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} in (select value from json_each(${'["x"]'}))`.execute(h.db);
        plans.push(rows.map((r) => r.detail).join(' / '));
      }
    } else {
      // The tables are empty, so the planner would scan them; forbidding scans shows the index is usable.
      await h.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        for (const [table, column] of FILE_URL_COLUMNS) {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} = any(${['x']}::text[])`.execute(trx);
          plans.push(rows.map((r) => r['QUERY PLAN']).join(' / '));
        }
      });
    }
    expect(plans).toEqual(FILE_URL_COLUMNS.map(([table, column]) => expect.stringContaining(`${table}_${column}_idx`)));
  });
});

// Two API processes on two machines: each has its own pool; both ask at the same moment.
describe.runIf(postgres.available)('the sweep lease on PostgreSQL, two runners at once', () => {
  it('is taken by exactly one of 2 x 20 concurrent attempts, each on its own connection', async () => {
    const h = await open(postgresTarget(postgres.url));
    const schema = ((await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s) ?? '';
    const second = openPostgres({ connectionString: postgres.url, schema, poolSize: 20 });
    try {
      const runners = [createKyselyJobLeases(h.db), createKyselyJobLeases(second.db)];
      // Both pools warm, so the attempts really overlap.
      await Promise.all([sql`select 1`.execute(h.db), sql`select 1`.execute(second.db)]);
      const attempts = runners.flatMap((leases, runner) =>
        Array.from({ length: 20 }, (_, i) => leases.tryTake('sweep-files', { holder: `runner-${runner}-${i}`, now: T0, until: later(DAY) }).then((won) => (won ? `runner-${runner}-${i}` : null))),
      );
      const winners = (await Promise.all(attempts)).filter((w) => w !== null);
      expect(winners).toHaveLength(1);
      const row = await h.db.selectFrom('job_leases').selectAll().execute();
      expect(row).toEqual([{ name: 'sweep-files', holder: winners[0], lease_until: later(DAY).toISOString() }]);
    } finally {
      await second.close();
    }
  });
});
