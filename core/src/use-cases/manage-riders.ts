import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { Rider } from '../ports/records.js';
import { validationMessages } from '../validation/messages.js';
import { normalizeKenyanPhone } from '../validation/phone.js';
import type { EscrowDeps } from './deps.js';
import { text, unstorableText } from './input-text.js';
import { RollbackError } from './mutate-order.js';

/**
 * A seller adds a rider to their list (name, phone and plate all required). Adding a phone
 * that is already on the list returns that rider (spec), whether the other add came first or
 * at the same moment: two simultaneous adds of one phone make one rider, and both answers
 * are that rider (decision 0040). The database's unique (seller, phone) decides the race.
 */
export async function addRider(
  deps: Pick<EscrowDeps, 'store' | 'clock' | 'random'>,
  args: { actor: Actor; name: string; phone: string; motorbikePlate: string },
  options: ChangeOptions<Result<Rider>> = {},
): Promise<Result<Rider>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  const sellerId = actor.sellerId;
  const refused = unstorableText([
    [args.name, validationMessages.rider.nameInvalid],
    [args.motorbikePlate, validationMessages.rider.plateInvalid],
  ]);
  if (refused) return refused;
  const name = text(args.name);
  const plate = text(args.motorbikePlate).toUpperCase();
  if (!name || !plate || !text(args.phone)) return err('VALIDATION_FAILED', { message: 'Please fill in all fields' });
  const phone = normalizeKenyanPhone(text(args.phone));
  if (!phone) return err('INVALID_PHONE');
  try {
    return await deps.store.transaction(async (tx): Promise<Result<Rider>> => {
      if (!(await tx.sellers.get(sellerId))) return err('SELLER_NOT_FOUND');
      const existing = await tx.riders.findBySellerAndPhone(sellerId, phone);
      if (existing) return ok(existing);
      const rider: Rider = { id: deps.random.uuid(), sellerId, name, phone, motorbikePlate: plate, createdAt: deps.clock.now() };
      const listed = await tx.riders.insertUnlessListed(rider);
      // Added and removed again by concurrent requests between our insert and our read: rare, and
      // retryable, so rolled back and never stored as a keyed request's answer.
      if (!listed) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: `rider ${phone} added and removed meanwhile` });
      return ok(listed);
    }, options);
  } catch (error) {
    if (error instanceof RollbackError) return { ok: false, error: error.domainError };
    throw error;
  }
}

/** A seller deletes one of their own riders; someone else's rider is "not found". */
export async function deleteRider(deps: Pick<EscrowDeps, 'store'>, args: { actor: Actor; riderId: string }, options: ChangeOptions<Result<void>> = {}): Promise<Result<void>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  const sellerId = actor.sellerId;
  if (typeof args.riderId !== 'string') return err('RIDER_NOT_FOUND');
  return deps.store.transaction(async (tx): Promise<Result<void>> => {
    const rider = await tx.riders.get(args.riderId);
    if (!rider || rider.sellerId !== sellerId) return err('RIDER_NOT_FOUND');
    await tx.riders.delete(rider.id);
    return ok(undefined);
  }, options);
}
