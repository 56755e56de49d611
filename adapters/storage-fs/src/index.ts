import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PHOTO_FOLDERS, type FileStorage } from '@escrow/core';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Photos on local disk under `{root}/order-photos/...` (the embedded default), served back at
 * `{publicPrefix}/order-photos/...` by the API. Writes go to a temporary file and are renamed
 * into place, so a crash never leaves half a photo behind a public URL.
 */
export class FsFileStorage implements FileStorage {
  private readonly bucket: string;

  constructor(
    root: string,
    private readonly publicPrefix = '/uploads',
  ) {
    this.bucket = resolve(root, 'order-photos');
  }

  private locate(path: string): string {
    const [folder, name, ...rest] = path.split('/');
    if (!folder || !(PHOTO_FOLDERS as readonly string[]).includes(folder) || !name || rest.length > 0 || !SAFE_NAME.test(name) || name.includes('..')) {
      throw new Error(`refused storage path: ${path}`);
    }
    const full = resolve(this.bucket, folder, name);
    if (!full.startsWith(this.bucket + sep)) throw new Error(`refused storage path: ${path}`);
    return full;
  }

  // The content type is not kept: files are served by extension, which came from the bytes.
  async put(path: string, bytes: Uint8Array, _contentType: string): Promise<{ url: string }> {
    const full = this.locate(path);
    await mkdir(dirname(full), { recursive: true });
    const temp = join(dirname(full), `.${Date.now()}-${Math.random().toString(36).slice(2)}.part`);
    await writeFile(temp, bytes);
    await rename(temp, full);
    return { url: `${this.publicPrefix}/order-photos/${path}` };
  }

  async remove(path: string): Promise<void> {
    await rm(this.locate(path), { force: true });
  }

  /** The absolute file behind a stored path, for the API's static serving. */
  fileFor(path: string): string {
    return this.locate(path);
  }
}
