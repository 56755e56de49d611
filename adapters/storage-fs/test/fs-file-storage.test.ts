import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoredFileExists } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsFileStorage } from '../src/index.js';
import { canMountTmpfs, limitFileSize } from '@escrow/test-kit/private-tmpfs';
import { storageProcess, type StorageProcess } from './support/storage-process.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escrow-fs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every name under order-photos/{folder}, as `folder/name` (temporary files included). */
async function filesUnder(root: string): Promise<string[]> {
  const bucket = join(root, 'order-photos');
  const folders = await readdir(bucket).catch(() => []);
  const names = await Promise.all(folders.map(async (folder) => (await readdir(join(bucket, folder))).map((name) => `${folder}/${name}`)));
  return names.flat().sort();
}

describe('FsFileStorage', () => {
  it('stores a photo under order-photos/{folder} and returns its public URL', async () => {
    const storage = new FsFileStorage(dir);
    const { url } = await storage.put('pickup/1767225600000-abc.jpg', Uint8Array.from([1, 2, 3]), 'image/jpeg');
    expect(url).toBe('/uploads/order-photos/pickup/1767225600000-abc.jpg');
    expect([...(await readFile(join(dir, 'order-photos', 'pickup', '1767225600000-abc.jpg')))]).toEqual([1, 2, 3]);
    expect((await readdir(join(dir, 'order-photos', 'pickup'))).filter((n) => n.endsWith('.part'))).toEqual([]);
    await storage.remove('pickup/1767225600000-abc.jpg');
    expect(await readdir(join(dir, 'order-photos', 'pickup'))).toEqual([]);
  });

  it('never replaces a stored photo: a second write to its path is refused and the first stays', async () => {
    const storage = new FsFileStorage(dir);
    await storage.put('seller-logos/s1-1767225600000.png', Uint8Array.from([1]), 'image/png');
    const again = storage.put('seller-logos/s1-1767225600000.png', Uint8Array.from([2]), 'image/png');
    await expect(again).rejects.toThrow(StoredFileExists);
    await expect(again).rejects.toMatchObject({ path: 'seller-logos/s1-1767225600000.png' });
    expect([...(await readFile(join(dir, 'order-photos', 'seller-logos', 's1-1767225600000.png')))]).toEqual([1]);
    expect(await filesUnder(dir)).toEqual(['seller-logos/s1-1767225600000.png']);
  });

  it('reads a stored photo back as a stream with its type and length; null where none is stored', async () => {
    const storage = new FsFileStorage(dir);
    await storage.put('products/1767225600000-abc.webp', Uint8Array.from([7, 8, 9]), 'image/webp');
    const file = await storage.read('products/1767225600000-abc.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', length: 3 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of file!.body) chunks.push(chunk);
    expect([...Buffer.concat(chunks)]).toEqual([7, 8, 9]);
    expect(await storage.read('products/1767225600001-missing.webp')).toBeNull();
    await mkdir(join(dir, 'order-photos', 'products', '1767225600002-dir.jpg'));
    expect(await storage.read('products/1767225600002-dir.jpg')).toBeNull();
    for (const bad of ['../x.jpg', 'pickup/../../etc/passwd', 'secrets/a.jpg', 'pickup/a/b.jpg', 'pickup/.hidden']) expect(await storage.read(bad)).toBeNull();
  });

  it('refuses paths outside the spec folders or escaping the bucket', async () => {
    const storage = new FsFileStorage(dir);
    for (const bad of ['../x.jpg', 'pickup/../../etc/passwd', 'secrets/a.jpg', 'pickup/a/b.jpg', 'pickup/.hidden', 'pickup/']) {
      await expect(storage.put(bad, Uint8Array.from([1]), 'image/jpeg')).rejects.toThrow(/refused/);
    }
  });
});

// The temporary .part file of a write that fails is removed before the error goes up; the
// photo is not there either. Real files in a real temp dir, faults made by the kernel.
describe('FsFileStorage: a failed write leaves no temporary file', () => {
  let child: StorageProcess | undefined;
  afterEach(async () => {
    await child?.close();
    child = undefined;
  });

  it('a write that fails mid-stream (the file-size limit is reached after 64 KB of a 1 MB photo)', async () => {
    child = await storageProcess(dir);
    // A first photo makes the folder (and loads everything) before the limit.
    expect(await child.put('products/1767225600000-first.jpg', 1_000)).toEqual({ ok: true });
    limitFileSize(child.pid, 64 * 1024);
    expect(await child.put('products/1767225600001-big.jpg', 1024 * 1024)).toEqual({ error: 'EFBIG' });
    expect(await filesUnder(dir)).toEqual(['products/1767225600000-first.jpg']);
    // Under the limit the same storage still works.
    expect(await child.put('products/1767225600002-small.jpg', 10_000)).toEqual({ ok: true });
    expect(await filesUnder(dir)).toEqual(['products/1767225600000-first.jpg', 'products/1767225600002-small.jpg']);
  });

  it.runIf(canMountTmpfs())('a full disk (a 256 KB tmpfs; ENOSPC part-way through a 1 MB photo)', async () => {
    child = await storageProcess(dir, { tmpfsBytes: 256 * 1024 });
    // The tmpfs exists only in the child's mount namespace; /proc/{pid}/root shows it.
    const seen = `/proc/${child.pid}/root${dir}`;
    expect(await child.put('pickup/1767225600000-fits.jpg', 100_000)).toEqual({ ok: true });
    expect(await child.put('pickup/1767225600001-full.jpg', 1024 * 1024)).toEqual({ error: 'ENOSPC' });
    expect(await filesUnder(seen)).toEqual(['pickup/1767225600000-fits.jpg']);
    // The space the failed write took is free again: another photo that fits is stored.
    expect(await child.put('pickup/1767225600002-fits.jpg', 100_000)).toEqual({ ok: true });
    expect(await filesUnder(seen)).toEqual(['pickup/1767225600000-fits.jpg', 'pickup/1767225600002-fits.jpg']);
  });

  it('a path that is taken (by a directory here): refused, nothing left', async () => {
    const storage = new FsFileStorage(dir);
    await mkdir(join(dir, 'order-photos', 'packaged', '1767225600000-taken.jpg'), { recursive: true });
    await expect(storage.put('packaged/1767225600000-taken.jpg', Uint8Array.from([1, 2, 3]), 'image/jpeg')).rejects.toThrow(StoredFileExists);
    expect(await filesUnder(dir)).toEqual(['packaged/1767225600000-taken.jpg']);
  });
});
