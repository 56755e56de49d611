import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3FileStorage, sha256OfObject } from '@escrow/storage-s3';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '@escrow/storage-s3/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openSellerWorld, ORDER_FORM, orderForm, PNG, type SellerWorld } from '@escrow/api/testing';
import { cli } from './support/run-cli.js';

// `escrow-admin storage migrate --to s3` and `storage check` against an s3rver this test starts,
// on a database the API made (SQLite; PostgreSQL too when CI=true), the CLI run as an operator
// runs it (its own process). The migration is killed (SIGKILL) halfway and run again.

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** The CLI's standard error without the AWS SDK's one-time notice that its releases after January 2027 need Node 22. */
const errorsOf = (stderr: string): string => stderr.replace(/\(node:\d+\) Warning: NodeVersionSupportWarning:[\s\S]*?--trace-warnings \.\.\.` to show where the warning was created\)\n/, '');
const PREFIX = '/uploads/order-photos/';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
}, 30_000);
afterAll(async () => {
  await s3?.close();
});

let buckets = 0;
/** A fresh private bucket, the S3_* variables that name it (FILE_STORAGE left as it is) and an adapter on it. */
async function freshBucket() {
  const name = `escrow-migrate-${process.pid}-${++buckets}`;
  await s3.createBucket(name);
  const env = { S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: name, S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' };
  const storage = new S3FileStorage({ endpoint: s3.endpoint, region: 'us-east-1', bucket: name, credentials: S3RVER_CREDENTIALS, forcePathStyle: true });
  return { name, env, storage };
}

/** The keys s3rver holds under order-photos/ of a bucket (its files `{key}._S3rver_object`), with their files' mtimes. */
async function objectsIn(bucket: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const root = join(s3.directory, bucket, 'order-photos');
  for (const folder of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
      if (!name.endsWith('._S3rver_object')) continue;
      const mtime = (await stat(join(root, folder, name)).catch(() => null))?.mtimeMs;
      if (mtime !== undefined) found.set(`${folder}/${name.slice(0, -'._S3rver_object'.length)}`, mtime);
    }
  }
  return found;
}

const count = (stdout: string, what: string): number => Number(new RegExp(`^  ${what}:\\s+(\\d+) file`, 'm').exec(stdout)?.[1] ?? NaN);

describe.each(DIALECTS)('escrow-admin storage on %s', (dialect) => {
  let world: SellerWorld;
  let bucket: Awaited<ReturnType<typeof freshBucket>>;
  /** The photo URLs the rows hold. */
  let urls: string[];
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    bucket = await freshBucket();
    const seller = await world.seller('Disk Photos');
    urls = [];
    for (let i = 0; i < 2; i++) {
      const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm(ORDER_FORM, { product: PNG, packaged: PNG }) });
      expect(created.status, created.text).toBe(201);
      urls.push(String(created.body.data.order.productPhotoUrl), String(created.body.data.order.packagedPhotoUrl));
    }
    const logo = new FormData();
    logo.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
    const uploaded = await world.call('PUT', '/api/seller/profile/logo', { cookie: seller.cookie, form: logo });
    expect(uploaded.status, uploaded.text).toBe(200);
    urls.push(String(uploaded.body.data.logoUrl));
  }, 120_000);
  afterAll(async () => {
    bucket?.storage.bucket.destroy();
    await world?.dispose();
  });

  const diskFile = (url: string) => join(world.dataDir, 'uploads', url.slice('/uploads/'.length));

  it('migrate copies every photo, verified; the URLs the rows hold resolve in the bucket; a rerun copies nothing', { timeout: 120_000 }, async () => {
    const dry = await cli(['storage', 'migrate', '--to', 's3', '--dry-run'], { ...world.env, ...bucket.env });
    expect(errorsOf(dry.stderr)).toBe('');
    expect(dry.code).toBe(0);
    expect(count(dry.stdout, 'would copy')).toBe(5);
    expect((await objectsIn(bucket.name)).size).toBe(0);

    const run = await cli(['storage', 'migrate', '--to', 's3'], { ...world.env, ...bucket.env });
    expect(errorsOf(run.stderr)).toBe('');
    expect(run.code).toBe(0);
    expect(count(run.stdout, 'copied')).toBe(5);
    expect(count(run.stdout, 'already there')).toBe(0);
    expect(count(run.stdout, 'conflicts')).toBe(0);
    expect(count(run.stdout, 'failed')).toBe(0);
    expect(run.stdout).toContain('No local file was deleted.');
    for (const url of urls) {
      expect(url.startsWith(PREFIX), url).toBe(true);
      const local = await readFile(diskFile(url));
      // The API with FILE_STORAGE=s3 reads the object of the URL's path: there, with the disk's bytes.
      expect(await sha256OfObject(bucket.storage.bucket, url.slice(PREFIX.length)), url).toEqual({ sha256: sha256(local), size: local.byteLength });
      expect((await bucket.storage.read(url.slice(PREFIX.length)))?.contentType).toBe('image/png');
    }

    const again = await cli(['storage', 'migrate', '--to', 's3'], { ...world.env, ...bucket.env });
    expect(again.code).toBe(0);
    expect(count(again.stdout, 'copied')).toBe(0);
    expect(count(again.stdout, 'already there')).toBe(5);
  });

  it('storage check on the bucket passes after the migration', { timeout: 60_000 }, async () => {
    const run = await cli(['storage', 'check'], { ...world.env, FILE_STORAGE: 's3', ...bucket.env });
    expect(errorsOf(run.stderr)).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Photos in bucket ${bucket.name} (order-photos/): 5 files stored; 5 rows name a photo.`);
    expect(run.stdout).toContain('Rows naming a photo that is not stored: 0');
    expect(run.stdout).toContain('Stored photos no row names: 0');
  });

  it('a different object at the same key is a conflict, reported and not overwritten; the rest is copied', { timeout: 60_000 }, async () => {
    const other = await freshBucket();
    try {
      const taken = urls[0]!.slice(PREFIX.length);
      const theirs = randomBytes(1_000);
      await other.storage.put(taken, theirs, 'image/png');
      const run = await cli(['storage', 'migrate', '--to', 's3'], { ...world.env, ...other.env });
      expect(run.code).toBe(1);
      expect(count(run.stdout, 'copied')).toBe(4);
      expect(count(run.stdout, 'conflicts')).toBe(1);
      expect(errorsOf(run.stderr)).toContain(`conflict: ${taken}: the bucket holds 1000 bytes`);
      expect(run.stderr).toContain('do not switch FILE_STORAGE=s3 until it ends with exit 0');
      expect(await sha256OfObject(other.storage.bucket, taken)).toEqual({ sha256: sha256(theirs), size: 1_000 });
      // The disk keeps its file.
      expect(sha256(await readFile(diskFile(urls[0]!)))).not.toBe(sha256(theirs));
    } finally {
      other.storage.bucket.destroy();
    }
  });

  it('storage check lists a row whose photo is not stored and a stored photo no row names (bucket, then disk)', { timeout: 60_000 }, async () => {
    const lost = urls[1]!.slice(PREFIX.length);
    await bucket.storage.remove(lost);
    await bucket.storage.put('pickup/1767225600000-orphan.png', PNG, 'image/png');
    const run = await cli(['storage', 'check'], { ...world.env, FILE_STORAGE: 's3', ...bucket.env });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Rows naming a photo that is not stored: 1');
    expect(run.stdout).toMatch(new RegExp(`^  - orders [0-9a-f-]+ packaged_photo_url: ${urls[1]}$`, 'm'));
    expect(run.stdout).toContain('Stored photos no row names: 1');
    expect(run.stdout).toContain('  - pickup/1767225600000-orphan.png (last changed ');
    expect(errorsOf(run.stderr)).toContain('storage check: 1 row names a photo that is not stored.');

    // The same on this machine's disk (FILE_STORAGE=local).
    await rm(diskFile(urls[2]!));
    await writeFile(join(world.dataDir, 'uploads', 'order-photos', 'products', '1767225600000-stray.png'), PNG);
    const local = await cli(['storage', 'check'], world.env);
    expect(local.code).toBe(1);
    expect(local.stdout).toMatch(new RegExp(`^  - orders [0-9a-f-]+ product_photo_url: ${urls[2]}$`, 'm'));
    expect(local.stdout).toContain('  - products/1767225600000-stray.png (last changed ');
  });
});

describe('escrow-admin storage migrate, killed halfway', () => {
  it('a rerun copies what is missing once: every file in the bucket once, same hashes, the first ones left as they were', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'escrow-migrate-kill-'));
    const bucket = await freshBucket();
    try {
      // Small files (sent in one write each, as photos are), many of them: the kill lands between copies.
      const N = 400;
      const hashes = new Map<string, string>();
      for (const folder of ['products', 'pickup']) await mkdir(join(dataDir, 'uploads', 'order-photos', folder), { recursive: true });
      for (let i = 0; i < N; i++) {
        const path = `${i % 2 === 0 ? 'products' : 'pickup'}/17672256${String(i).padStart(5, '0')}-photo.jpg`;
        const bytes = randomBytes(16_000);
        hashes.set(path, sha256(bytes));
        await writeFile(join(dataDir, 'uploads', 'order-photos', path), bytes);
      }
      const env = { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, ...bucket.env };

      const child = spawn(process.execPath, ['--conditions=@escrow/source', '--import', 'tsx', 'src/main.ts', 'storage', 'migrate', '--to', 's3'], { cwd: fileURLToPath(new URL('..', import.meta.url)), env, stdio: 'ignore' });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
      void exited.then((e) => (ended = e));
      const deadline = Date.now() + 120_000;
      while (!ended && (await objectsIn(bucket.name)).size < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      const first = await exited;
      expect(first.signal, `the first run ended by itself (${JSON.stringify(first)}) before it could be killed`).toBe('SIGKILL');
      // Let s3rver finish writing what it had received.
      await new Promise((r) => setTimeout(r, 500));
      const before = await objectsIn(bucket.name);
      expect(before.size).toBeGreaterThanOrEqual(40);
      expect(before.size).toBeLessThan(N);

      const rerun = await cli(['storage', 'migrate', '--to', 's3'], env);
      expect(errorsOf(rerun.stderr)).toBe('');
      expect(rerun.code).toBe(0);
      expect(count(rerun.stdout, 'already there')).toBe(before.size);
      expect(count(rerun.stdout, 'copied')).toBe(N - before.size);
      expect(count(rerun.stdout, 'conflicts')).toBe(0);

      const after = await objectsIn(bucket.name);
      expect([...after.keys()].sort()).toEqual([...hashes.keys()].sort());
      // The ones the first run copied were not written again.
      for (const [key, mtime] of before) expect(after.get(key), key).toBe(mtime);
      for (const [path, hash] of hashes) expect((await sha256OfObject(bucket.storage.bucket, path))?.sha256, path).toBe(hash);
    } finally {
      bucket.storage.bucket.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names the bucket settings that are missing, and refuses anything but --to s3', { timeout: 60_000 }, async () => {
    const missing = await cli(['storage', 'migrate', '--to', 's3'], { DATA_DIR: tmpdir(), S3_REGION: 'us-east-1' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('S3_BUCKET: required to name the bucket to copy to');
    expect(missing.stderr).not.toContain('S3_REGION:');
    const wrong = await cli(['storage', 'migrate', '--to', 'gcs'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('only --to s3');
  });
});
