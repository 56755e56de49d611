import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openSellerWorld, ORDER_FORM, orderForm, PNG, type SellerSession, type SellerWorld } from '@escrow/api/testing';
import { cli } from './support/run-cli.js';

const HOUR = 3_600_000;

async function age(file: string, ms: number): Promise<void> {
  const at = new Date(Date.now() - ms);
  await utimes(file, at, at);
}

/** Every entry under order-photos/{folder}, as `folder/name`. */
async function entries(dataDir: string): Promise<string[]> {
  const bucket = join(dataDir, 'uploads', 'order-photos');
  const folders = await readdir(bucket);
  return (await Promise.all(folders.map(async (f) => (await readdir(join(bucket, f))).map((n) => `${f}/${n}`)))).flat().sort();
}

describe.each(DIALECTS)('escrow-admin sweep-files on %s (a real process on the API database and uploads)', (dialect) => {
  let world: SellerWorld;
  let seller: SellerSession;
  let bucket: string;
  let named: string[];
  let outside: string;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    seller = await world.seller('Amani Phones');
    bucket = join(world.dataDir, 'uploads', 'order-photos');
    // A real order with two real photos, stored by the API, and a logo.
    const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm(ORDER_FORM, { product: PNG, packaged: PNG }) });
    expect(created.status, created.text).toBe(201);
    const logo = new FormData();
    logo.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
    const logoReply = await world.call('PUT', '/api/seller/profile/logo', { cookie: seller.cookie, form: logo });
    expect(logoReply.status, logoReply.text).toBe(200);
    named = [String(created.body.data.order.productPhotoUrl), String(created.body.data.order.packagedPhotoUrl), String(logoReply.body.data.logoUrl)].map((url) => url.replace('/uploads/order-photos/', ''));
    outside = await mkdtemp(join(tmpdir(), 'escrow-outside-'));
  }, 120_000);
  afterAll(async () => {
    await world?.dispose();
    if (outside) await rm(outside, { recursive: true, force: true });
  });

  it('removes files older than an hour that nothing names, and leaves named ones, new ones, directories and links', { timeout: 120_000 }, async () => {
    // The named photos are old: a month.
    for (const path of named) await age(join(bucket, path), 30 * 24 * HOUR);
    const orphans = ['products/1767225600000-orphan.png', 'pickup/1767225600001-crash.jpg', 'seller-logos/someone-1767225600000.png', 'packaged/.1767225600000-abc123.part'];
    for (const path of orphans) {
      await mkdir(join(bucket, path.split('/')[0] ?? ''), { recursive: true });
      await writeFile(join(bucket, path), 'orphan');
      await age(join(bucket, path), 2 * HOUR);
    }
    await writeFile(join(bucket, 'pickup', '1767225600002-new.jpg'), 'new');
    await age(join(bucket, 'pickup', '1767225600002-new.jpg'), 50 * 60_000);
    await mkdir(join(bucket, 'pickup', '1767225600003-dir.jpg'));
    const secret = join(outside, 'secret.jpg');
    await writeFile(secret, 'not ours');
    await age(secret, 5 * HOUR);
    await symlink(secret, join(bucket, 'pickup', '1767225600004-link.jpg'));
    const before = await entries(world.dataDir);

    const dry = await cli(['sweep-files', '--dry-run'], world.env);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`Stored files under ${bucket}: 8 examined (3 named by an order or a seller, 1 younger than an hour).`);
    expect(dry.stdout).toMatch(/Would remove 4 files that nothing names, last changed before .* \(Nairobi time\), 1 of them unfinished upload \(dry run: nothing deleted\)\./);
    for (const path of orphans) expect(dry.stdout).toContain(`  - ${path}\n`);
    expect(await entries(world.dataDir)).toEqual(before);

    const run = await cli(['sweep-files'], world.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Removed 4 files that nothing names/);
    expect(await entries(world.dataDir)).toEqual(before.filter((path) => !orphans.includes(path)));
    for (const path of named) expect(existsSync(join(bucket, path))).toBe(true);
    expect(existsSync(secret)).toBe(true);

    const again = await cli(['sweep-files'], world.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Removed 0 files that nothing names');
    // The order's photos are still served.
    expect((await world.app.request(`/uploads/order-photos/${named[0]}`)).status).toBe(200);
  });

  it('deletes nothing, exit 1, from uploads where none of the files the database names is (another volume mounted there)', { timeout: 120_000 }, async () => {
    const real = `${bucket}-real`;
    await rename(bucket, real);
    try {
      const strange = join(bucket, 'products', '1767225600000-someone-elses.png');
      await mkdir(join(bucket, 'products'), { recursive: true });
      await writeFile(strange, 'another deployment');
      await age(strange, 48 * HOUR);
      const run = await cli(['sweep-files'], world.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('escrow-admin sweep-files: none of the 1 stored files is named by the database, which names stored files');
      expect(existsSync(strange)).toBe(true);
    } finally {
      await rm(bucket, { recursive: true, force: true });
      await rename(real, bucket);
    }
  });
});

describe('escrow-admin sweep-files usage (a real process)', () => {
  it('has help, is listed, and refuses stray arguments with exit 2', { timeout: 60_000 }, async () => {
    const [help, general, extra, unknown] = await Promise.all([
      cli(['sweep-files', '--help'], {}),
      cli(['--help'], {}),
      cli(['sweep-files', 'now'], { DATA_DIR: '/nonexistent' }),
      cli(['sweep-files', '--force'], { DATA_DIR: '/nonexistent' }),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: escrow-admin sweep-files \[--dry-run\]/);
    expect(help.stdout).toContain('Exit codes:');
    expect(general.stdout).toContain('sweep-files [--dry-run]');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/expected exactly 0 arguments, got 1. Usage: escrow-admin sweep-files \[--dry-run\]/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--force'/);
  });
});
