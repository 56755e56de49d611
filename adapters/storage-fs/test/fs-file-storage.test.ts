import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsFileStorage } from '../src/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escrow-fs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

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

  it('refuses paths outside the spec folders or escaping the bucket', async () => {
    const storage = new FsFileStorage(dir);
    for (const bad of ['../x.jpg', 'pickup/../../etc/passwd', 'secrets/a.jpg', 'pickup/a/b.jpg', 'pickup/.hidden', 'pickup/']) {
      await expect(storage.put(bad, Uint8Array.from([1]), 'image/jpeg')).rejects.toThrow(/refused/);
    }
  });
});
