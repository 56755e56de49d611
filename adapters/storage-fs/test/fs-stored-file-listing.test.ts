import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredFileEntry } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsStoredFileListing } from '../src/index.js';

let base: string;
let root: string;
let bucket: string;
const HOUR = 3_600_000;
const cutoff = () => new Date(Date.now() - HOUR);

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'escrow-listing-'));
  root = join(base, 'uploads');
  bucket = join(root, 'order-photos');
  for (const folder of ['products', 'packaged', 'pickup', 'seller-logos']) await mkdir(join(bucket, folder), { recursive: true });
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A file at `path` (under the bucket unless absolute), last modified `ageMs` ago. */
async function file(path: string, ageMs = 0, content = 'x'): Promise<string> {
  const full = path.startsWith('/') ? path : join(bucket, path);
  await writeFile(full, content);
  const at = new Date(Date.now() - ageMs);
  await utimes(full, at, at);
  return full;
}

async function listAll(listing: FsStoredFileListing): Promise<StoredFileEntry[]> {
  const all: StoredFileEntry[] = [];
  for await (const batch of listing.list()) all.push(...batch);
  return all.sort((a, b) => a.path.localeCompare(b.path));
}

describe('FsStoredFileListing', () => {
  it('lists the regular files of the photo folders with the URL rows hold; unfinished uploads have none', async () => {
    await file('products/1767225600000-a.jpg', 2 * HOUR);
    await file('seller-logos/s1-1767225600000.png');
    await file('pickup/.1767225600000-abc123.part', 3 * HOUR);
    const entries = await listAll(new FsStoredFileListing(root));
    expect(entries.map(({ path, url }) => ({ path, url }))).toEqual([
      { path: 'pickup/.1767225600000-abc123.part', url: null },
      { path: 'products/1767225600000-a.jpg', url: '/uploads/order-photos/products/1767225600000-a.jpg' },
      { path: 'seller-logos/s1-1767225600000.png', url: '/uploads/order-photos/seller-logos/s1-1767225600000.png' },
    ]);
    expect(Date.now() - entries[1]!.modifiedAt.getTime()).toBeGreaterThan(2 * HOUR - 60_000);
  });

  it('lists nothing when there is no bucket yet', async () => {
    expect(await listAll(new FsStoredFileListing(join(base, 'nowhere')))).toEqual([]);
  });

  it('never lists directories, links, files outside the photo folders, or what a linked folder points at', async () => {
    const outside = join(base, 'outside');
    await mkdir(join(outside, 'sub'), { recursive: true });
    const secret = await file(join(outside, 'secret.jpg'), 5 * HOUR);
    await mkdir(join(bucket, 'products', 'a-directory.jpg'));
    await symlink(secret, join(bucket, 'products', 'link-to-outside.jpg'));
    await symlink(join(outside, 'sub'), join(bucket, 'products', 'link-to-dir'));
    await file('stray-in-bucket.jpg', 5 * HOUR);
    await mkdir(join(bucket, 'other-folder'));
    await file('other-folder/x.jpg', 5 * HOUR);
    await file(join(root, 'beside-bucket.jpg'), 5 * HOUR);
    // A photo folder replaced by a link to a folder outside: not followed.
    await rm(join(bucket, 'pickup'), { recursive: true });
    await symlink(outside, join(bucket, 'pickup'));
    await file('packaged/1767225600000-real.jpg', 5 * HOUR);
    expect((await listAll(new FsStoredFileListing(root))).map((e) => e.path)).toEqual(['packaged/1767225600000-real.jpg']);
  });

  it('does not follow a bucket that is a link', async () => {
    const elsewhere = join(base, 'elsewhere');
    await mkdir(join(elsewhere, 'products'), { recursive: true });
    await file(join(elsewhere, 'products', 'x.jpg'), 5 * HOUR);
    await rm(bucket, { recursive: true });
    await symlink(elsewhere, bucket);
    const listing = new FsStoredFileListing(root);
    expect(await listAll(listing)).toEqual([]);
    expect(await listing.removeIfOlder({ path: 'products/x.jpg', url: null, modifiedAt: new Date(0) }, cutoff())).toBe(false);
    expect(existsSync(join(elsewhere, 'products', 'x.jpg'))).toBe(true);
  });

  it('removes an old regular file, and nothing newer than the cut-off, nothing that is not a regular file, nothing outside', async () => {
    const listing = new FsStoredFileListing(root);
    const old = await file('products/1767225600000-old.jpg', 2 * HOUR);
    const fresh = await file('products/1767225600000-new.jpg', 10 * 60_000);
    const secret = await file(join(base, 'secret.jpg'), 5 * HOUR, 'keep me');
    await symlink(secret, join(bucket, 'pickup', 'link.jpg'));
    await mkdir(join(bucket, 'pickup', 'dir.jpg'));
    const entry = (path: string): StoredFileEntry => ({ path, url: null, modifiedAt: new Date(0) });

    expect(await listing.removeIfOlder(entry('products/1767225600000-old.jpg'), cutoff())).toBe(true);
    expect(existsSync(old)).toBe(false);
    // Listed as old, touched since (the entry's date is not believed): kept.
    expect(await listing.removeIfOlder(entry('products/1767225600000-new.jpg'), cutoff())).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(await listing.removeIfOlder(entry('pickup/link.jpg'), cutoff())).toBe(false);
    expect(await readFile(secret, 'utf8')).toBe('keep me');
    expect(await listing.removeIfOlder(entry('pickup/dir.jpg'), cutoff())).toBe(false);
    expect(existsSync(join(bucket, 'pickup', 'dir.jpg'))).toBe(true);
    // Gone already (another sweep): not an error.
    expect(await listing.removeIfOlder(entry('products/1767225600000-old.jpg'), cutoff())).toBe(false);
    for (const bad of ['../secret.jpg', 'products/../../secret.jpg', 'products/..', 'elsewhere/x.jpg', 'products', '/etc/passwd', 'products/a/b']) {
      await expect(listing.removeIfOlder(entry(bad), cutoff())).rejects.toThrow(/refused/);
    }
    expect(await readFile(secret, 'utf8')).toBe('keep me');
  });
});
