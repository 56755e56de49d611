import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { link, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { StoredFileExists, type FileStorage, type StoredFileContent, type StoredFileReader } from '@escrow/core';
import { Bucket } from './bucket.js';

/**
 * Photos on local disk under `{root}/order-photos/...` (the embedded default), served back at
 * `{publicPrefix}/order-photos/...` by the API. Writes go to a temporary file, flushed to disk,
 * then linked into place, so a crash never leaves half a photo behind a public URL and a
 * stored photo is never replaced. The temporary file goes whatever happens (a full disk, a
 * file-size limit, an I/O error, a taken path); one a crash interrupted is left for the daily
 * sweep (FsStoredFileListing).
 */
export class FsFileStorage implements FileStorage, StoredFileReader {
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
      await publish(temp, full, path);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
    return { url: this.bucket.urlOf(path) };
  }

  async remove(path: string): Promise<void> {
    await rm(this.bucket.locate(path), { force: true });
  }

  /**
   * The file at a stored path, opened now (so a missing one is null here, not an error later)
   * and streamed as it is read; its type comes from its extension, which came from its bytes.
   * A link or a directory in its place is not a stored file (null).
   */
  async read(path: string): Promise<StoredFileContent | null> {
    let full: string;
    try {
      full = this.bucket.locate(path);
    } catch {
      return null;
    }
    let file;
    try {
      file = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
    try {
      const stats = await file.stat();
      if (!stats.isFile()) {
        await file.close();
        return null;
      }
      // The stream owns the handle from here: it closes it at the end, on an error, or when the reader stops.
      const body = createReadStream('', { fd: file, autoClose: true, highWaterMark: 64 * 1024 });
      return { contentType: contentTypeOf(full), length: stats.size, body };
    } catch (error) {
      await file.close().catch(() => undefined);
      throw error;
    }
  }
}

/** What open(2) answers for a path that holds no readable stored file (missing, a link, a directory in the way). */
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR']);

const TYPES: Readonly<Record<string, string>> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };

/** The disk keeps no media type: a photo's extension names it (the extension came from its bytes). */
const contentTypeOf = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Filesystems without hard links answer these to link(2). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Makes the written temporary file visible at `full`, unless something is there already:
 * link(2) refuses an existing name atomically (rename would replace it). Without hard links,
 * a check then a rename (a race of two writers of one name can then let the later win).
 */
async function publish(temp: string, full: string, path: string): Promise<void> {
  try {
    await link(temp, full);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw new StoredFileExists(path);
    if (!NO_LINKS.has(code)) throw error;
  }
  const taken = await lstat(full).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  if (taken) throw new StoredFileExists(path);
  await rename(temp, full);
}
