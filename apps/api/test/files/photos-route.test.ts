import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsFileStorage } from '@escrow/storage-fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoFilesRoute } from '../../src/features/photos/routes.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escrow-photos-route-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('GET /uploads/order-photos/{folder}/{name} reads through the storage port', () => {
  it('streams a stored photo with its type, length and immutable caching; 404 where none is stored', async () => {
    const storage = new FsFileStorage(dir);
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => i % 251);
    const { url } = await storage.put('pickup/1767225600000-abc.png', bytes, 'image/png');
    const app = photoFilesRoute(storage);
    const served = await app.request(url.replace('/uploads', ''));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe('300000');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    for (const missing of ['/order-photos/pickup/1767225600001-none.png', '/order-photos/secrets/a.png', '/order-photos/pickup/..%2F..%2Fescrow.sqlite', '/order-photos/pickup/.hidden']) {
      expect((await app.request(missing)).status).toBe(404);
    }
  });

  it('a storage that cannot answer is an error, not a 404', async () => {
    const app = photoFilesRoute({ read: () => Promise.reject(new Error('storage unreachable')) });
    expect((await app.request('/order-photos/pickup/1767225600000-abc.png')).status).toBe(500);
  });
});
