/** A regular file found in the photo folders by the sweep. */
export interface StoredFileEntry {
  /** `{folder}/{name}` under the bucket, as `FileStorage.put` was given it. */
  readonly path: string;
  /**
   * The URL a row would hold for it (what `FileStorage.put` returned for this path); null for
   * an upload that never finished (a temporary file: no row can name it).
   */
  readonly url: string | null;
  readonly modifiedAt: Date;
}

/**
 * The stored files, for the sweep of files no row references. Only regular files directly in
 * the photo folders: never a directory, a link, or anything outside the bucket.
 */
export interface StoredFileListing {
  /** Every such file, a batch at a time (folders may hold many). */
  list(): AsyncIterable<readonly StoredFileEntry[]>;
  /**
   * Deletes a listed file if it is still a regular file last modified before `cutoff`; false
   * (and nothing deleted) when it is not, or is already gone.
   */
  removeIfOlder(entry: StoredFileEntry, cutoff: Date): Promise<boolean>;
}

/** Which stored files the rows still name (order photos, seller logos: every column that holds a file URL). */
export interface FileReferences {
  /** The URLs among `urls` that some row holds. */
  referencedAmong(urls: readonly string[]): Promise<ReadonlySet<string>>;
  /** Whether any row names any file at all (a sweep that finds none of those on disk is looking at the wrong folder). */
  anyReferenced(): Promise<boolean>;
}

/**
 * Named leases in the shared database, so one of several processes (or machines) does a
 * periodic job: whoever takes the lease does it, the others skip.
 */
export interface JobLeases {
  /**
   * Takes the lease `name` for `holder` until `until`, if nobody holds it at `now` (never taken,
   * or its holder's time has passed). One conditional write: of racing callers, one wins.
   */
  tryTake(name: string, args: { readonly holder: string; readonly now: Date; readonly until: Date }): Promise<boolean>;
  /**
   * Ends `holder`'s lease `name` at `now`, so the next caller may take it at once; nothing when
   * another holds it (ours ran out and was taken over) or it was never taken.
   */
  release(name: string, args: { readonly holder: string; readonly now: Date }): Promise<void>;
  /**
   * Moves `holder`'s lease `name` on to `until` while it still holds it at `now`; false (and
   * nothing changed) when its lease ran out or another took it over.
   */
  renew(name: string, args: { readonly holder: string; readonly now: Date; readonly until: Date }): Promise<boolean>;
}
