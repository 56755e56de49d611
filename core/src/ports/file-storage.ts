export const PHOTO_FOLDERS = ['seller-logos', 'products', 'packaged', 'pickup'] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];

/** Stored files under the `order-photos` bucket (spec section 3). */
export interface FileStorage {
  /**
   * Stores bytes at `path` (e.g. `pickup/1732200000000-ab12cd.jpg`); returns its public URL.
   * Never replaces a stored file (a URL, once given, always shows the same photo): a path that
   * is taken is refused with `StoredFileExists`.
   */
  put(path: string, bytes: Uint8Array, contentType: string): Promise<{ url: string }>;
  remove(path: string): Promise<void>;
}

/** `FileStorage.put` was given a path where a file is already stored. */
export class StoredFileExists extends Error {
  constructor(readonly path: string) {
    super(`a file is already stored at ${path}`);
    this.name = 'StoredFileExists';
  }
}
