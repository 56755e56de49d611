import { resolve, sep } from 'node:path';
import { PHOTO_FOLDERS } from '@escrow/core';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Uploads still being written: `.{stamp}-{random}.part` beside their folder's photos (never served: names start with a dot). */
export const TEMPORARY_NAME = /^\.[A-Za-z0-9-]{1,100}\.part$/;

export const isPhotoFolder = (folder: string): boolean => (PHOTO_FOLDERS as readonly string[]).includes(folder);

/**
 * The photo bucket under an uploads root: `{root}/order-photos/{folder}/{name}`, the one
 * place both the storage and the sweep turn a stored path into a file.
 */
export class Bucket {
  readonly dir: string;

  constructor(
    root: string,
    private readonly publicPrefix: string,
  ) {
    this.dir = resolve(root, 'order-photos');
  }

  /** The file behind a stored path; throws for anything outside the spec folders or the bucket. */
  locate(path: string): string {
    const [folder, name, ...rest] = path.split('/');
    if (!folder || !isPhotoFolder(folder) || !name || rest.length > 0 || !SAFE_NAME.test(name) || name.includes('..')) {
      throw new Error(`refused storage path: ${path}`);
    }
    const full = resolve(this.dir, folder, name);
    if (!full.startsWith(this.dir + sep)) throw new Error(`refused storage path: ${path}`);
    return full;
  }

  /** The public URL of a stored path, as rows hold it. */
  urlOf(path: string): string {
    return `${this.publicPrefix}/order-photos/${path}`;
  }
}
