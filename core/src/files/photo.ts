import { err, ok, type Result } from '../errors.js';
import { viewTexts } from '../messages/view-texts.js';
import type { PhotoFolder } from '../ports/file-storage.js';
import type { Random } from '../ports/random.js';

/** 10 MB (PRODUCT-DECISIONS, Identity and data). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type ImageType = { readonly ext: 'jpg' | 'png' | 'webp' | 'gif'; readonly contentType: string };

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);

/** The image type from the file's own bytes (magic numbers), never from its name or header. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', contentType: 'image/webp' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', contentType: 'image/gif' };
  return null;
}

/** Accepts an upload as a photo: an image by its bytes, not empty, at most 10 MB. */
export function checkPhoto(bytes: Uint8Array): Result<ImageType> {
  if (bytes.length === 0) return err('VALIDATION_FAILED', { message: viewTexts.refusals.photoEmpty });
  if (bytes.length > MAX_PHOTO_BYTES) return err('VALIDATION_FAILED', { message: viewTexts.refusals.photoTooLarge });
  const type = detectImageType(bytes);
  if (!type) return err('VALIDATION_FAILED', { message: viewTexts.refusals.notAnImage });
  return ok(type);
}

/**
 * Where a photo is stored: `{folder}/{timestamp}-{random}.{ext}`; seller logos are
 * `seller-logos/{sellerId}-{timestamp}.{ext}` (spec section 3).
 */
export function photoPath(args: { folder: PhotoFolder; type: ImageType; now: Date; random: Random; sellerId?: string }): string {
  const stamp = args.now.getTime();
  if (args.folder === 'seller-logos' && args.sellerId) return `seller-logos/${args.sellerId}-${stamp}.${args.type.ext}`;
  return `${args.folder}/${stamp}-${args.random.token(9)}.${args.type.ext}`;
}
