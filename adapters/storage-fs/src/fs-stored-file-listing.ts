import { lstat, opendir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_FOLDERS, type StoredFileEntry, type StoredFileListing } from '@escrow/core';
import { Bucket, isPhotoFolder, TEMPORARY_NAME } from './bucket.js';

const BATCH = 500;

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * The files under `{root}/order-photos/{folder}/`, for the sweep of unreferenced files. It
 * never leaves the bucket: the bucket and each folder must be real directories (a symbolic
 * link in their place is not followed), only regular files directly inside a folder are
 * listed (links, directories, sockets are not), and a file is deleted with unlink (which
 * cannot delete a directory) only after checking again that it is still a regular file older
 * than the cut-off.
 */
export class FsStoredFileListing implements StoredFileListing {
  private readonly bucket: Bucket;

  private readonly batchSize: number;

  constructor(root: string, publicPrefix = '/uploads', options: { readonly batchSize?: number } = {}) {
    this.bucket = new Bucket(root, publicPrefix);
    this.batchSize = Math.max(1, options.batchSize ?? BATCH);
  }

  async *list(): AsyncIterable<readonly StoredFileEntry[]> {
    if (!(await this.isRealDirectory(this.bucket.dir))) return;
    for (const folder of PHOTO_FOLDERS) {
      const dir = join(this.bucket.dir, folder);
      if (!(await this.isRealDirectory(dir))) continue;
      let batch: StoredFileEntry[] = [];
      for await (const dirent of await opendir(dir, { bufferSize: 64 })) {
        if (!dirent.isFile()) continue;
        const stats = await lstat(join(dir, dirent.name)).catch((error: unknown) => {
          if (missing(error)) return null;
          throw error;
        });
        if (!stats?.isFile()) continue;
        const path = `${folder}/${dirent.name}`;
        batch.push({ path, url: TEMPORARY_NAME.test(dirent.name) ? null : this.bucket.urlOf(path), modifiedAt: stats.mtime });
        if (batch.length >= this.batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    }
  }

  async removeIfOlder(entry: StoredFileEntry, cutoff: Date): Promise<boolean> {
    const [folder, name, ...rest] = entry.path.split('/');
    if (!folder || !isPhotoFolder(folder) || !name || name === '.' || name === '..' || rest.length > 0 || name.includes('\\') || name.includes('\0')) {
      throw new Error(`refused storage path: ${entry.path}`);
    }
    const dir = join(this.bucket.dir, folder);
    if (!(await this.isRealDirectory(this.bucket.dir)) || !(await this.isRealDirectory(dir))) return false;
    const file = join(dir, name);
    try {
      const stats = await lstat(file);
      if (!stats.isFile() || stats.mtimeMs >= cutoff.getTime()) return false;
      await unlink(file);
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  private async isRealDirectory(path: string): Promise<boolean> {
    try {
      return (await lstat(path)).isDirectory();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
}
