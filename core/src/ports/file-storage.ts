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

/** A stored file being read: its bytes come as they are read, never all at once. */
export interface StoredFileContent {
  /** The media type it was stored with (or, where the storage keeps none, the one its name's extension gives). */
  readonly contentType: string;
  /** Its length in bytes. */
  readonly length: number;
  /**
   * The bytes, in chunks; iterate it once, to the end or until stopped (`break` or `return()`
   * releases the file or connection behind it).
   */
  readonly body: AsyncIterable<Uint8Array>;
}

/** Reads stored files back, for serving them to readers who passed the access checks. */
export interface StoredFileReader {
  /**
   * The file stored at `path` (as given to `FileStorage.put`), or null when none is: never
   * stored, removed, or a path no file can be stored at (outside the photo folders). A storage
   * that cannot answer (unreachable, timed out) throws.
   */
  read(path: string): Promise<StoredFileContent | null>;
}

/** `FileStorage.put` was given a path where a file is already stored. */
export class StoredFileExists extends Error {
  constructor(readonly path: string) {
    super(`a file is already stored at ${path}`);
    this.name = 'StoredFileExists';
  }
}
