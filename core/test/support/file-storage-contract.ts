// The contract every photo storage adapter keeps (FileStorage, StoredFileReader and
// StoredFileListing together): the local disk and the S3-compatible bucket run it alike.
// Exported for the adapters' tests as @escrow/core/testing/file-storage-contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoredFileExists, type FileStorage, type StoredFileEntry, type StoredFileListing, type StoredFileReader } from '../../src/index.js';

export interface StorageUnderTest {
  readonly storage: FileStorage & StoredFileReader;
  /** Lists at most `batchSize` entries a batch. */
  readonly listing: StoredFileListing;
  readonly batchSize: number;
  /** Empties and releases what the storage used. */
  close(): Promise<void>;
}

const bytesOf = async (body: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
};

async function listAll(listing: StoredFileListing, batchSize: number): Promise<StoredFileEntry[]> {
  const entries: StoredFileEntry[] = [];
  for await (const batch of listing.list()) {
    expect(batch.length).toBeGreaterThan(0);
    expect(batch.length).toBeLessThanOrEqual(batchSize);
    entries.push(...batch);
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

const REFUSED = ['../x.jpg', 'pickup/../../etc/passwd', 'secrets/a.jpg', 'pickup/a/b.jpg', 'pickup/.hidden', 'pickup/', ''];

/** Runs the storage contract against the storage `open` makes (a fresh, empty one per test). */
export function fileStorageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name}: the photo storage contract`, () => {
    let under: StorageUnderTest;
    beforeEach(async () => {
      under = await open();
    });
    afterEach(async () => {
      await under.close();
    });

    it('stores bytes at a path, returns the URL the API serves, reads them back with type and length, removes them', async () => {
      const { storage } = under;
      const { url } = await storage.put('pickup/1767225600000-abc.png', Uint8Array.from([1, 2, 3]), 'image/png');
      expect(url).toBe('/uploads/order-photos/pickup/1767225600000-abc.png');
      const file = await storage.read('pickup/1767225600000-abc.png');
      expect(file).toMatchObject({ contentType: 'image/png', length: 3 });
      expect([...(await bytesOf(file!.body))]).toEqual([1, 2, 3]);
      await storage.remove('pickup/1767225600000-abc.png');
      expect(await storage.read('pickup/1767225600000-abc.png')).toBeNull();
      // Removing what is gone is not an error.
      await storage.remove('pickup/1767225600000-abc.png');
    });

    it('streams a large photo whole, in more than one chunk', async () => {
      const bytes = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 256);
      await under.storage.put('products/1767225600000-big.jpg', bytes, 'image/jpeg');
      const file = await under.storage.read('products/1767225600000-big.jpg');
      expect(file).toMatchObject({ contentType: 'image/jpeg', length: bytes.byteLength });
      const chunks: number[] = [];
      const all: Uint8Array[] = [];
      for await (const chunk of file!.body) {
        chunks.push(chunk.byteLength);
        all.push(chunk);
      }
      expect(chunks.length).toBeGreaterThan(1);
      expect(Buffer.concat(all).equals(Buffer.from(bytes))).toBe(true);
    });

    it('a reader that stops early releases the file; the photo stays readable', async () => {
      await under.storage.put('products/1767225600000-early.jpg', new Uint8Array(2 * 1024 * 1024).fill(9), 'image/jpeg');
      for (let i = 0; i < 3; i += 1) {
        const file = await under.storage.read('products/1767225600000-early.jpg');
        for await (const chunk of file!.body) {
          expect(chunk.byteLength).toBeGreaterThan(0);
          break;
        }
      }
      expect((await bytesOf((await under.storage.read('products/1767225600000-early.jpg'))!.body)).byteLength).toBe(2 * 1024 * 1024);
    });

    it('never replaces a stored file: a second put to its path is refused with StoredFileExists and the first stays', async () => {
      const { storage } = under;
      await storage.put('seller-logos/s1-1767225600000.png', Uint8Array.from([1]), 'image/png');
      const again = storage.put('seller-logos/s1-1767225600000.png', Uint8Array.from([2]), 'image/png');
      await expect(again).rejects.toThrow(StoredFileExists);
      await expect(again).rejects.toMatchObject({ path: 'seller-logos/s1-1767225600000.png' });
      expect([...(await bytesOf((await storage.read('seller-logos/s1-1767225600000.png'))!.body))]).toEqual([1]);
    });

    it('refuses paths outside the photo folders: put and remove throw, read finds nothing, the sweep deletes nothing', async () => {
      const { storage, listing } = under;
      for (const bad of REFUSED) {
        await expect(storage.put(bad, Uint8Array.from([1]), 'image/jpeg')).rejects.toThrow(/refused/);
        await expect(storage.remove(bad)).rejects.toThrow(/refused/);
        expect(await storage.read(bad)).toBeNull();
      }
      for (const bad of ['../x.jpg', 'secrets/a.jpg', 'pickup/a/b.jpg', 'pickup/..', 'pickup']) {
        await expect(listing.removeIfOlder({ path: bad, url: null, modifiedAt: new Date(0) }, new Date(Date.now() + 60_000))).rejects.toThrow(/refused/);
      }
      expect(await listAll(listing, under.batchSize)).toEqual([]);
    });

    it('lists every stored photo, a batch at a time, with the URL put returned and its time', async () => {
      const { storage, listing, batchSize } = under;
      const before = Date.now();
      const paths = ['pickup/1767225600000-a.png', 'pickup/1767225600001-b.png', 'pickup/1767225600002-c.png', 'products/1767225600003-d.jpg', 'packaged/1767225600004-e.webp', 'seller-logos/s1-1767225600005.gif'];
      const urls = new Map<string, string>();
      for (const path of paths) urls.set(path, (await storage.put(path, Uint8Array.from([1, 2]), 'image/png')).url);
      const entries = await listAll(listing, batchSize);
      expect(entries.map((e) => e.path)).toEqual([...paths].sort());
      for (const entry of entries) {
        expect(entry.url).toBe(urls.get(entry.path));
        // Object stores keep whole seconds.
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2_000);
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
      }
    });

    it('removeIfOlder deletes a listed file only when it is older than the cut-off, and only once', async () => {
      const { storage, listing, batchSize } = under;
      await storage.put('packaged/1767225600000-old.jpg', Uint8Array.from([1]), 'image/jpeg');
      const [entry] = await listAll(listing, batchSize);
      expect(entry?.path).toBe('packaged/1767225600000-old.jpg');
      expect(await listing.removeIfOlder(entry!, new Date(Date.now() - 60 * 60_000))).toBe(false);
      expect(await storage.read('packaged/1767225600000-old.jpg')).not.toBeNull();
      expect(await listing.removeIfOlder(entry!, new Date(Date.now() + 60_000))).toBe(true);
      expect(await storage.read('packaged/1767225600000-old.jpg')).toBeNull();
      expect(await listing.removeIfOlder(entry!, new Date(Date.now() + 60_000))).toBe(false);
      expect(await listAll(listing, batchSize)).toEqual([]);
    });
  });
}
