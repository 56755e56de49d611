import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Rider } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';

/** The seller's own rider list, in the order the riders were added. */
export async function listRiders(deps: Pick<EscrowDeps, 'store'>, args: { actor: Actor }): Promise<Result<Rider[]>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  return ok(await deps.store.read((tx) => tx.riders.listBySeller(actor.sellerId)));
}
