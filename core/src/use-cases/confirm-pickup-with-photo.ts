import { err, type Result } from '../errors.js';
import { authorize } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { planTransition } from '../orders/transitions.js';
import type { FileStorage } from '../ports/file-storage.js';
import { CommitOutcomeUnknown, type ChangeOptions } from '../ports/idempotency-store.js';
import { confirmPickup } from './confirm-pickup.js';
import type { EscrowDeps } from './deps.js';
import { storePhoto } from './store-photo.js';

/**
 * The rider's pickup proof as one step: who may and whether the order is ready are checked
 * before anything is stored (a stranger cannot fill the disk), then the photo is checked
 * and stored under pickup/, then `confirmPickup` moves the order on route. If the order
 * changed meanwhile and the pickup is refused or rolled back (or its Idempotency-Key was already
 * answered), the stored photo is removed again; not when the commit's outcome is unknown.
 */
export async function confirmPickupWithPhoto(
  deps: EscrowDeps & { files: FileStorage },
  args: { orderId: string; actor: Actor; photo: Uint8Array | null },
  options: ChangeOptions<Result<Order>> = {},
): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('RIDER_ORDER_NOT_FOUND');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('RIDER_ORDER_NOT_FOUND');
  const order = await deps.store.read((tx) => tx.orders.get(args.orderId));
  if (!order) return err('RIDER_ORDER_NOT_FOUND');
  const allowed = authorize(order, actor, 'confirm_pickup');
  if (!allowed.ok) return allowed;
  const planned = planTransition(order, 'confirm_pickup');
  if (!planned.ok) return planned;
  if (!args.photo || args.photo.length === 0) return err('PICKUP_PHOTO_REQUIRED');

  const stored = await storePhoto(deps, { folder: 'pickup', bytes: args.photo });
  if (!stored.ok) return stored;
  let confirmed: Result<Order>;
  try {
    confirmed = await confirmPickup(deps, { orderId: args.orderId, actor, pickupPhotoUrl: stored.value.url }, options);
  } catch (error) {
    // Rolled back (the database went away, the key was already answered): nothing names the
    // photo. A COMMIT whose outcome is unknown may have named it: the daily sweep decides.
    if (!(error instanceof CommitOutcomeUnknown)) await removeQuietly(deps.files, stored.value.path);
    throw error;
  }
  if (!confirmed.ok) await removeQuietly(deps.files, stored.value.path);
  return confirmed;
}

/** A photo left behind only wastes disk until the daily sweep; the caller's answer matters more. */
async function removeQuietly(files: FileStorage, path: string): Promise<void> {
  await files.remove(path).catch(() => undefined);
}
