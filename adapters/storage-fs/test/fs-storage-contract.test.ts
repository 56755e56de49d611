import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStorageContract } from '@escrow/core/testing/file-storage-contract';
import { FsFileStorage, FsStoredFileListing } from '../src/index.js';

fileStorageContract('the local disk (FsFileStorage, FsStoredFileListing)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-fs-contract-'));
  return {
    storage: new FsFileStorage(dir),
    listing: new FsStoredFileListing(dir, '/uploads', { batchSize: 2 }),
    batchSize: 2,
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
