import { err, type Result } from '../errors.js';
import { checkPhoto } from '../files/photo.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { FileStorage } from '../ports/file-storage.js';
import { CommitOutcomeUnknown, type ChangeOptions } from '../ports/idempotency-store.js';
import { createOrder, type CreateOrderInput } from './create-order.js';
import type { EscrowDeps } from './deps.js';
import { storePhoto, type StoredPhoto } from './store-photo.js';

export type NewOrderInput = Omit<CreateOrderInput, 'productPhotoUrl' | 'packagedPhotoUrl'>;

/**
 * The create-order form with its optional product and packaged photos. Both photos are judged
 * by their bytes before either is stored; they are stored under products/ and packaged/, the
 * order is created with their URLs, and if creating the order fails (refused, rolled back, or
 * its Idempotency-Key already answered) the photos are removed again; not when the commit's
 * outcome is unknown, since the order may name them (the file sweep removes them if it does not).
 * Photo URLs never come from the client.
 */
export async function createOrderWithPhotos(
  deps: EscrowDeps & { files: FileStorage },
  args: { actor: Actor; input: NewOrderInput; productPhoto?: Uint8Array | null; packagedPhoto?: Uint8Array | null },
  options: ChangeOptions<Result<Order>> = {},
): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN', { detail: 'only sellers create orders' });
  const uploads = [
    { folder: 'products' as const, bytes: args.productPhoto ?? null },
    { folder: 'packaged' as const, bytes: args.packagedPhoto ?? null },
  ];
  for (const upload of uploads) {
    if (upload.bytes === null) continue;
    const checked = checkPhoto(upload.bytes);
    if (!checked.ok) return checked;
  }
  const stored: (StoredPhoto | null)[] = [];
  try {
    for (const upload of uploads) {
      if (upload.bytes === null) {
        stored.push(null);
        continue;
      }
      const photo = await storePhoto(deps, { folder: upload.folder, bytes: upload.bytes });
      if (!photo.ok) return await removedAfter(deps.files, stored, photo);
      stored.push(photo.value);
    }
  } catch (error) {
    await removeAll(deps.files, stored);
    throw error;
  }
  const input = typeof args.input === 'object' && args.input !== null ? args.input : ({} as NewOrderInput);
  let created: Result<Order>;
  try {
    created = await createOrder(
      deps,
      {
        actor,
        input: { ...input, productPhotoUrl: stored[0]?.url ?? null, packagedPhotoUrl: stored[1]?.url ?? null },
      },
      options,
    );
  } catch (error) {
    if (!(error instanceof CommitOutcomeUnknown)) await removeAll(deps.files, stored);
    throw error;
  }
  if (!created.ok) await removeAll(deps.files, stored);
  return created;
}

async function removeAll(files: FileStorage, stored: readonly (StoredPhoto | null)[]): Promise<void> {
  for (const photo of stored) if (photo) await files.remove(photo.path).catch(() => undefined);
}

async function removedAfter<T>(files: FileStorage, stored: readonly (StoredPhoto | null)[], result: T): Promise<T> {
  await removeAll(files, stored);
  return result;
}
