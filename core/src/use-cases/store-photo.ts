import { ok, type Result } from '../errors.js';
import { checkPhoto, photoPath } from '../files/photo.js';
import type { Clock } from '../ports/clock.js';
import type { FileStorage, PhotoFolder } from '../ports/file-storage.js';
import type { Random } from '../ports/random.js';

export interface StoredPhoto {
  readonly url: string;
  readonly path: string;
  readonly contentType: string;
}

export interface PhotoDeps {
  readonly files: FileStorage;
  readonly clock: Clock;
  readonly random: Random;
}

/**
 * Stores an uploaded photo: an image by its own bytes (never by its name or declared type),
 * at most 10 MB, under `{folder}/{timestamp}-{random}.{ext}`; returns its public URL.
 */
export async function storePhoto(deps: PhotoDeps, args: { folder: PhotoFolder; bytes: Uint8Array; sellerId?: string }): Promise<Result<StoredPhoto>> {
  const type = checkPhoto(args.bytes instanceof Uint8Array ? args.bytes : new Uint8Array());
  if (!type.ok) return type;
  const path = photoPath({ folder: args.folder, type: type.value, now: deps.clock.now(), random: deps.random, ...(args.sellerId ? { sellerId: args.sellerId } : {}) });
  const { url } = await deps.files.put(path, args.bytes, type.value.contentType);
  return ok({ url, path, contentType: type.value.contentType });
}
