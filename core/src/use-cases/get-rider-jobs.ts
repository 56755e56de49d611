import { err, ok, type Result } from '../errors.js';
import { riderPhoneProven } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { SellerRef } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';
import type { RiderJobData } from './get-rider-job.js';

/** A dashboard list is a screenful, not an export. */
export const RIDER_JOB_LIST_LIMIT = 50;

async function withSellers(
  tx: Parameters<Parameters<EscrowDeps['store']['read']>[0]>[0],
  orders: Awaited<ReturnType<typeof tx.orders.listAvailableForRider>>,
): Promise<RiderJobData[]> {
  const sellers = new Map<string, SellerRef | null>();
  const jobs: RiderJobData[] = [];
  for (const order of orders.slice(0, RIDER_JOB_LIST_LIMIT)) {
    if (!sellers.has(order.sellerId)) sellers.set(order.sellerId, (await tx.sellers.get(order.sellerId)) ?? null);
    jobs.push({ order, seller: sellers.get(order.sellerId) ?? null });
  }
  return jobs;
}

/**
 * `get_available_jobs_for_rider`: paid orders with no rider, of sellers whose rider list holds
 * this phone, oldest first. Riders have no login: the caller must have proved the phone (a code
 * sent to it by SMS), and the API shows these through `riderJobSummary`, which carries no buyer
 * personal data.
 */
export async function listAvailableJobs(deps: Pick<EscrowDeps, 'store'>, args: { actor: Actor }): Promise<Result<RiderJobData[]>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('FORBIDDEN');
  if (!riderPhoneProven(actor)) return err('RIDER_PHONE_NOT_VERIFIED');
  return ok(await deps.store.read(async (tx) => withSellers(tx, await tx.orders.listAvailableForRider(actor.phone))));
}

/**
 * `get_rider_assigned_jobs`: orders currently carrying this phone, newest first, for a proven
 * phone (what a rider carries, and from where, is nobody else's business). Shown as summaries
 * too: opening a job needs the key of its rider link.
 */
export async function listAssignedJobs(deps: Pick<EscrowDeps, 'store'>, args: { actor: Actor }): Promise<Result<RiderJobData[]>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('FORBIDDEN');
  if (!riderPhoneProven(actor)) return err('RIDER_PHONE_NOT_VERIFIED');
  return ok(await deps.store.read(async (tx) => withSellers(tx, await tx.orders.listAssignedToRider(actor.phone))));
}
