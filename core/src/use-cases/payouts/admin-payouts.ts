import { err, ok, type Result } from '../../errors.js';
import { parseActor, type Actor } from '../../orders/actor.js';
import type { Order } from '../../orders/order.js';
import { planTransition } from '../../orders/transitions.js';
import { PAID_STATES, type Payout } from '../../payouts/payout.js';
import { adminOf } from '../admin/admin-caller.js';
import type { EscrowTx } from '../../ports/escrow-store.js';
import type { TransactionOptions } from '../../ports/idempotency-store.js';
import type { EscrowDeps } from '../deps.js';
import { RollbackError } from '../mutate-order.js';
import { parseMpesaReceipt } from '../confirm-payment.js';
import { claimMoneyOutReference } from '../claim-money-out-reference.js';
import { finishSettlement } from './finish-settlement.js';
import { changePayout } from './payout-change.js';
import { settlementPayouts } from './plan-payouts.js';

export interface OrderPayouts {
  readonly order: Order;
  readonly payouts: readonly Payout[];
}

/**
 * 'Approve payout' (Mark Paid on a deployment with M-Pesa payouts): the delivered order's payouts
 * are queued for sending (made first for an order delivered before payouts were switched on).
 * Idempotent and race-free: the order row is locked, and only a payout still waiting for
 * approval is queued, so fifty approvals at once queue it once and it is sent once.
 */
export async function approvePayouts(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: TransactionOptions<Result<OrderPayouts>> = {}): Promise<Result<OrderPayouts>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  if (!deps.payouts) return err('PAYOUTS_NOT_CONFIGURED');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
  try {
    return await deps.store.transaction(async (tx): Promise<Result<OrderPayouts>> => {
      const order = await tx.orders.getForUpdate(args.orderId);
      if (!order) return err('ORDER_NOT_FOUND');
      const approved = await approveInTransaction(deps, tx, order, args.actor);
      return approved.ok ? ok({ order, payouts: approved.value }) : approved;
    }, options);
  } catch (error) {
    if (error instanceof RollbackError) return { ok: false, error: error.domainError };
    throw error;
  }
}

/**
 * The approval inside the caller's transaction, with the order row already locked: the checks
 * of Mark Paid (delivered, verified payment, not settled), the payouts made if missing, and
 * those waiting for approval queued. Returns the order's payouts.
 */
export async function approveInTransaction(deps: EscrowDeps, tx: EscrowTx, order: Order, actor: Actor): Promise<Result<Payout[]>> {
  const admin = adminOf(actor);
  if (!admin) return err('FORBIDDEN');
  const planned = planTransition(order, 'confirm_settlement');
  if (!planned.ok) return planned;
  const now = deps.clock.now();
  const existing = await tx.payouts.listByOrder(order.id);
  for (const payout of settlementPayouts(order, 'awaiting_approval', () => deps.random.uuid(), now)) {
    if (!existing.some((p) => p.purpose === payout.purpose)) await tx.payouts.insert(payout);
  }
  for (const payout of await tx.payouts.listByOrder(order.id)) {
    if (payout.state !== 'awaiting_approval') continue;
    const queued = await changePayout(deps, tx, { order, payout, changes: { state: 'queued', nextAttemptAt: now, decidedBy: admin.userId }, now, actor });
    if (!queued) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: `payout ${payout.id} changed under us` });
  }
  return ok(await tx.payouts.listByOrder(order.id));
}

/** 'Retry' a failed payout: queued again, to be sent with a new OriginatorConversationID (the failed attempt paid nothing). */
export async function retryPayout(deps: EscrowDeps, args: { payoutId: string; actor: Actor }): Promise<Result<Payout>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  if (!deps.payouts) return err('PAYOUTS_NOT_CONFIGURED');
  if (typeof args.payoutId !== 'string' || args.payoutId.length === 0 || args.payoutId.length > 100) return err('PAYOUT_NOT_FOUND');
  return deps.store.transaction(async (tx): Promise<Result<Payout>> => {
    const first = await tx.payouts.get(args.payoutId);
    if (!first) return err('PAYOUT_NOT_FOUND');
    const order = await tx.orders.getForUpdate(first.orderId);
    const payout = await tx.payouts.get(args.payoutId);
    if (!order || !payout) return err('PAYOUT_NOT_FOUND');
    // Already queued again (a double click, a second admin): the same answer, nothing new.
    if (payout.state === 'queued' && payout.decidedBy === admin.userId) return ok(payout);
    if (payout.state !== 'failed') return err('PAYOUT_NOT_RETRYABLE');
    const now = deps.clock.now();
    const queued = await changePayout(deps, tx, { order, payout, changes: { state: 'queued', originatorConversationId: null, problem: null, nextAttemptAt: now, decidedBy: admin.userId }, now, actor: args.actor });
    return queued ? ok(queued) : err('CONCURRENT_UPDATE');
  });
}

/**
 * 'Record M-Pesa reference': a payout made by hand outside Daraja (or one M-Pesa failed that an
 * admin paid another way). Only a payout with no request open at M-Pesa: never one whose fate is
 * unknown, which could still be paid.
 */
export async function recordPayoutReference(deps: EscrowDeps, args: { payoutId: string; actor: Actor; reference: unknown }): Promise<Result<Payout>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  const reference = parseMpesaReceipt(args.reference);
  if (!reference) return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa reference of the payout' });
  if (typeof args.payoutId !== 'string' || args.payoutId.length === 0 || args.payoutId.length > 100) return err('PAYOUT_NOT_FOUND');
  const recorded = await deps.store.transaction(async (tx): Promise<Result<Payout>> => {
    const first = await tx.payouts.get(args.payoutId);
    if (!first) return err('PAYOUT_NOT_FOUND');
    const order = await tx.orders.getForUpdate(first.orderId);
    const payout = await tx.payouts.get(args.payoutId);
    if (!order || !payout) return err('PAYOUT_NOT_FOUND');
    if (PAID_STATES.includes(payout.state)) return err('ALREADY_SETTLED');
    if (!['awaiting_approval', 'queued', 'failed'].includes(payout.state)) return err('PAYOUT_NOT_RETRYABLE', { message: 'This payout is with M-Pesa now: wait for its result before recording one made by hand' });
    const now = deps.clock.now();
    // One M-Pesa transaction is one refund or payout (decision 0050); a refusal keeps nothing.
    const refused = await claimMoneyOutReference(tx, { reference, kind: 'payout', orderId: order.id, ownerId: payout.id, at: now });
    if (refused) throw new RollbackError(refused);
    const done = await changePayout(deps, tx, { order, payout, changes: { state: 'recorded', receipt: reference, problem: null, nextAttemptAt: null, completedAt: now, decidedBy: admin.userId }, now, actor: args.actor });
    if (!done) throw new RollbackError({ code: 'CONCURRENT_UPDATE' });
    return ok(done);
  }).catch((error: unknown) => {
    if (error instanceof RollbackError) return { ok: false as const, error: error.domainError };
    throw error;
  });
  if (recorded.ok && recorded.value.purpose !== 'refund') await finishSettlement(deps, recorded.value.orderId);
  return recorded;
}

export interface PayoutListItem extends Payout {
  readonly trackingNumber: string;
  readonly itemName: string;
}

/** Payouts for the admin screen and `payouts list [--failed]`: newest first. */
export async function listPayouts(deps: EscrowDeps, args: { actor: Actor; failedOnly?: boolean; limit?: number }): Promise<Result<PayoutListItem[]>> {
  if (parseActor(args.actor)?.kind !== 'admin') return err('FORBIDDEN');
  const limit = Math.min(Math.max(Math.trunc(args.limit ?? 100), 1), 500);
  return ok(
    await deps.store.read(async (tx) => {
      const payouts = await tx.payouts.list({ ...(args.failedOnly ? { states: ['failed', 'unknown'] as const } : {}), limit });
      const out: PayoutListItem[] = [];
      for (const payout of payouts) {
        const order = await tx.orders.get(payout.orderId);
        out.push({ ...payout, trackingNumber: order?.trackingNumber ?? '', itemName: order?.itemName ?? '' });
      }
      return out;
    }),
  );
}
