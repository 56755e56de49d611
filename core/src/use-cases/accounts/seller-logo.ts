import type { SellerProfile } from '../../accounts/account-records.js';
import { err, ok, type Result } from '../../errors.js';
import { checkPhoto, photoPath, type ImageType } from '../../files/photo.js';
import { viewTexts } from '../../messages/view-texts.js';
import { StoredFileExists, type FileStorage } from '../../ports/file-storage.js';
import type { AccountsDeps } from './accounts-deps.js';
import { publishSellerChanged } from './seller-profile.js';

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
  // A file left behind wastes a little disk until the daily sweep; it never breaks a page, so this never fails the call.
  await files.remove(path).catch(() => undefined);
}

/**
 * Sets the logo URL in one transaction that locks the seller's row first, and returns the URL
 * it replaced as the row held it then: of two logo changes at once, the second sees the
 * first's logo, so each replaced file is known to exactly one of them and removed.
 */
async function setLogo(deps: LogoDeps, userId: string, logoUrl: string | null): Promise<Result<{ profile: SellerProfile; replaced: string | null }>> {
  const now = deps.clock.now();
  const changed = await deps.store.transaction(async (tx) => {
    const before = await tx.sellers.lockByUserId(userId);
    if (!before) return undefined;
    const profile = await tx.sellers.updateOwn(userId, { logoUrl }, now);
    return profile && { profile, replaced: before.logoUrl };
  });
  if (!changed) return err('SELLER_NOT_FOUND');
  await publishSellerChanged(deps, changed.profile.id, now);
  return ok(changed);
}

/**
 * Stores the logo at `seller-logos/{sellerId}-{timestamp}.{ext}` (spec section 3). Two uploads
 * of one seller in one millisecond would share that name, and the storage never replaces a
 * file (another upload's row may name it), so the later one takes the next free millisecond.
 */
async function putLogo(deps: LogoDeps, sellerId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const now = deps.clock.now().getTime();
  for (let attempt = 0; ; attempt += 1) {
    const path = photoPath({ folder: 'seller-logos', type, now: new Date(now + attempt), random: deps.random, sellerId });
    try {
      return (await deps.files.put(path, bytes, type.contentType)).url;
    } catch (error) {
      if (!(error instanceof StoredFileExists) || attempt >= 20) throw error;
    }
  }
}

/**
 * Business Logo: an image (type from its bytes, at most 10 MB) stored at
 * `seller-logos/{sellerId}-{timestamp}.{ext}`; the old logo file goes once the new URL is
 * saved. The new file goes again if saving it is refused or fails.
 */
export async function uploadSellerLogo(deps: LogoDeps, args: { userId: string; bytes: Uint8Array | null }): Promise<Result<SellerProfile>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  if (!(args.bytes instanceof Uint8Array)) return err('VALIDATION_FAILED', { message: viewTexts.refusals.notAnImage });
  const type = checkPhoto(args.bytes);
  if (!type.ok) return type;
  const seller = await deps.store.read((tx) => tx.sellers.findByUserId(args.userId));
  if (!seller) return err('SELLER_NOT_FOUND');

  const url = await putLogo(deps, seller.id, args.bytes, type.value);
  let updated: Result<{ profile: SellerProfile; replaced: string | null }>;
  try {
    updated = await setLogo(deps, args.userId, url);
  } catch (error) {
    await removeQuietly(deps.files, url);
    throw error;
  }
  if (!updated.ok) {
    await removeQuietly(deps.files, url);
    return updated;
  }
  if (updated.value.replaced !== url) await removeQuietly(deps.files, updated.value.replaced);
  return ok(updated.value.profile);
}

/** Removes the logo: the URL is cleared, then the file it named deleted. */
export async function removeSellerLogo(deps: LogoDeps, args: { userId: string }): Promise<Result<SellerProfile>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  const updated = await setLogo(deps, args.userId, null);
  if (!updated.ok) return updated;
  await removeQuietly(deps.files, updated.value.replaced);
  return ok(updated.value.profile);
}
