export const PHOTO_FOLDERS = ['seller-logos', 'products', 'packaged', 'pickup'] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];

/** Stored files under the `order-photos` bucket (spec section 3). */
export interface FileStorage {
  /** Stores bytes at `path` (e.g. `pickup/1732200000000-ab12cd.jpg`); returns its public URL. */
  put(path: string, bytes: Uint8Array, contentType: string): Promise<{ url: string }>;
  remove(path: string): Promise<void>;
}
