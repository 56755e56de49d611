import type { SellerProfile } from '../../accounts/account-records.js';
import { err, ok, type Result } from '../../errors.js';
import { checkPhoto, photoPath } from '../../files/photo.js';
import type { FileStorage } from '../../ports/file-storage.js';
import type { AccountsDeps } from './accounts-deps.js';
import { updateOwnSeller } from './seller-profile.js';

type LogoDeps = Pick<AccountsDeps, 'store' | 'clock' | 'random' | 'events'> & { readonly files: FileStorage };

/** The storage path behind a logo URL made by `FileStorage.put` (`.../order-photos/<path>`). */
export function storagePathOfUrl(url: string | null): string | null {
  if (!url) return null;
  const marker = '/order-photos/';
  const at = url.lastIndexOf(marker);
  return at === -1 ? null : url.slice(at + marker.length);
}

async function removeQuietly(files: FileStorage, url: string | null): Promise<void> {
  const path = storagePathOfUrl(url);
  if (!path) return;
  // A file left behind wastes a little disk; it never breaks a page, so this never fails the call.
  await files.remove(path).catch(() => undefined);
}

/**
 * Business Logo: an image (type from its bytes, at most 10 MB) stored at
 * `seller-logos/{sellerId}-{timestamp}.{ext}`; the old logo file goes once the new URL is saved.
 */
export async function uploadSellerLogo(deps: LogoDeps, args: { userId: string; bytes: Uint8Array | null }): Promise<Result<SellerProfile>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  if (!(args.bytes instanceof Uint8Array)) return err('VALIDATION_FAILED', { message: 'Please upload an image file (JPEG, PNG, WebP or GIF)' });
  const type = checkPhoto(args.bytes);
  if (!type.ok) return type;
  const before = await deps.store.read((tx) => tx.sellers.findByUserId(args.userId));
  if (!before) return err('SELLER_NOT_FOUND');

  const path = photoPath({ folder: 'seller-logos', type: type.value, now: deps.clock.now(), random: deps.random, sellerId: before.id });
  const { url } = await deps.files.put(path, args.bytes, type.value.contentType);
  let updated: Result<SellerProfile>;
  try {
    updated = await updateOwnSeller(deps, args.userId, { logoUrl: url });
  } catch (error) {
    await removeQuietly(deps.files, url);
    throw error;
  }
  if (!updated.ok) {
    await removeQuietly(deps.files, url);
    return updated;
  }
  if (before.logoUrl !== url) await removeQuietly(deps.files, before.logoUrl);
  return ok(updated.value);
}

/** Removes the logo: the URL is cleared, then the file deleted. */
export async function removeSellerLogo(deps: LogoDeps, args: { userId: string }): Promise<Result<SellerProfile>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  const before = await deps.store.read((tx) => tx.sellers.findByUserId(args.userId));
  if (!before) return err('SELLER_NOT_FOUND');
  const updated = await updateOwnSeller(deps, args.userId, { logoUrl: null });
  if (updated.ok) await removeQuietly(deps.files, before.logoUrl);
  return updated;
}
