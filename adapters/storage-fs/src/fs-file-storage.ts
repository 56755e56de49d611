import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileStorage } from '@escrow/core';
import { Bucket } from './bucket.js';

/**
 * Photos on local disk under `{root}/order-photos/...` (the embedded default), served back at
 * `{publicPrefix}/order-photos/...` by the API. Writes go to a temporary file, flushed to disk,
 * then renamed into place, so a crash never leaves half a photo behind a public URL. A write
 * that fails (a full disk, a file-size limit, an I/O error) removes its temporary file before
 * the error goes up; one a crash interrupted is left for the daily sweep (FsStoredFileListing).
 */
export class FsFileStorage implements FileStorage {
  private readonly bucket: Bucket;

  constructor(root: string, publicPrefix = '/uploads') {
    this.bucket = new Bucket(root, publicPrefix);
  }

  // The content type is not kept: files are served by extension, which came from the bytes.
  async put(path: string, bytes: Uint8Array, _contentType: string): Promise<{ url: string }> {
    const full = this.bucket.locate(path);
    await mkdir(dirname(full), { recursive: true });
    const temp = join(dirname(full), `.${Date.now()}-${randomBytes(6).toString('hex')}.part`);
    try {
      const file = await open(temp, 'wx', 0o644);
      try {
        await file.writeFile(bytes);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
    return { url: this.bucket.urlOf(path) };
  }

  async remove(path: string): Promise<void> {
    await rm(this.bucket.locate(path), { force: true });
  }

  /** The absolute file behind a stored path, for the API's static serving. */
  fileFor(path: string): string {
    return this.bucket.locate(path);
  }
}
