import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { S3FileStorage } from '@escrow/storage-s3';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '@escrow/storage-s3/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openSellerWorld, ORDER_FORM, orderForm, PNG, type SellerWorld } from '@escrow/api/testing';
import { cli } from './support/run-cli.js';

// The admin CLI on an API whose photos are in an S3-compatible bucket (FILE_STORAGE=s3): the
// sweep lists the bucket and the purge deletes the purged photos from it, whatever machine runs
// them. The bucket is an s3rver this test starts; the API is composed as in production on it.

const HOUR = 3_600_000;
const SEVEN_MONTHS_AGO = () => new Date(Date.now() - 213 * 86_400_000).toISOString();

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

/** The CLI's standard error without the AWS SDK's one-time notice that its releases after January 2027 need Node 22. */
const errorsOf = (stderr: string): string => stderr.replace(/\(node:\d+\) Warning: NodeVersionSupportWarning:[\s\S]*?--trace-warnings \.\.\.` to show where the warning was created\)\n/, '');

let buckets = 0;

describe.each(DIALECTS)('escrow-admin with FILE_STORAGE=s3 on %s', (dialect) => {
  let world: SellerWorld;
  let bucket: string;
  let storage: S3FileStorage;
  /** Makes an object look last changed `ms` ago (s3rver's LastModified is its file's mtime). */
  const age = async (path: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    await utimes(join(s3.directory, bucket, 'order-photos', `${path}._S3rver_object`), at, at);
  };
  beforeAll(async () => {
    bucket = `escrow-cli-${process.pid}-${++buckets}`;
    await s3.createBucket(bucket);
    const settings = { S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' };
    world = await openSellerWorld(dialect, { env: { FILE_STORAGE: 's3', ...settings } });
    storage = new S3FileStorage({ endpoint: s3.endpoint, region: 'us-east-1', bucket, credentials: S3RVER_CREDENTIALS, forcePathStyle: true });
  }, 120_000);
  afterAll(async () => {
    storage?.bucket.destroy();
    await world?.dispose();
  });

  it('sweep-files lists the bucket: removes an old object nothing names, keeps named and new ones', { timeout: 120_000 }, async () => {
    const seller = await world.seller('Bucket Phones');
    const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm(ORDER_FORM, { product: PNG, packaged: PNG }) });
    expect(created.status, created.text).toBe(201);
    const named = [String(created.body.data.order.productPhotoUrl), String(created.body.data.order.packagedPhotoUrl)].map((url) => url.replace('/uploads/order-photos/', ''));
    for (const path of named) await age(path, 30 * 24 * HOUR);
    await storage.put('products/1767225600000-orphan.png', PNG, 'image/png');
    await age('products/1767225600000-orphan.png', 2 * HOUR);
    await storage.put('pickup/1767225600001-new.png', PNG, 'image/png');
    // Not on this machine's disk: the API stored them in the bucket.
    expect(existsSync(join(world.dataDir, 'uploads', 'order-photos'))).toBe(false);

    const run = await cli(['sweep-files'], world.env);
    expect(errorsOf(run.stderr)).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Stored files under bucket ${bucket} (order-photos/): 4 examined (2 named by an order or a seller, 1 younger than an hour).`);
    expect(run.stdout).toContain('Removed 1 file that nothing names');
    expect(run.stdout).toContain('  - products/1767225600000-orphan.png');
    expect(await storage.read('products/1767225600000-orphan.png')).toBeNull();
    for (const path of [...named, 'pickup/1767225600001-new.png']) expect(await storage.read(path), path).not.toBeNull();
  });

  it("purge-inactive deletes the purged seller's photos from the bucket", { timeout: 120_000 }, async () => {
    const leaving = await world.seller('Leaving Shop');
    const logo = new FormData();
    logo.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
    const uploaded = await world.call('PUT', '/api/seller/profile/logo', { cookie: leaving.cookie, form: logo });
    expect(uploaded.status, uploaded.text).toBe(200);
    const logoPath = String(uploaded.body.data.logoUrl).replace('/uploads/order-photos/', '');
    expect(await storage.read(logoPath)).not.toBeNull();
    await world.composed.database.db.updateTable('users').set({ last_sign_in_at: SEVEN_MONTHS_AGO() }).where('id', '=', leaving.userId).execute();

    const run = await cli(['purge-inactive'], { ...world.env, ESCROW_OPERATOR: 'ops' });
    expect(errorsOf(run.stderr)).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  - ${leaving.email} (seller "Leaving Shop"`);
    expect(run.stdout).toContain(`Removed 1 stored photo from the bucket ${bucket} (order-photos/).`);
    expect(await storage.read(logoPath)).toBeNull();
  });

  it('a half-configured bucket is refused before anything is purged', { timeout: 60_000 }, async () => {
    const run = await cli(['purge-inactive'], { ...world.env, S3_BUCKET: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('S3_BUCKET: required with FILE_STORAGE=s3');
    expect(run.stderr).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
  });
});
