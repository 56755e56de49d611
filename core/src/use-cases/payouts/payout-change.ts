import type { Order } from '../../orders/order.js';
import type { EscrowTx, PayoutChanges } from '../../ports/escrow-store.js';
import { actorForAudit } from '../../ports/records.js';
import type { Actor } from '../../orders/actor.js';
import type { Payout } from '../../payouts/payout.js';
import { payoutPosting } from '../../payouts/payout-postings.js';
import type { EscrowDeps } from '../deps.js';

/**
 * One change of a payout, in the caller's transaction: conditional on the version read (false
 * when another process changed it first: nothing is written), with the ledger posting for the
 * money it moves (payoutPosting) and an audit row on the order's history.
 */
export async function changePayout(
  deps: Pick<EscrowDeps, 'random'>,
  tx: EscrowTx,
  args: { order: Order; payout: Payout; changes: PayoutChanges; now: Date; actor: Actor; note?: Readonly<Record<string, unknown>> },
): Promise<Payout | null> {
  const { order, payout, now } = args;
  const changes: PayoutChanges = { ...args.changes, updatedAt: now };
  if (!(await tx.payouts.update(payout.id, payout.version, changes))) return null;
  const updated: Payout = { ...payout, ...changes, version: payout.version + 1 };
  const posting = payoutPosting(order, updated, payout.state, updated.state, {
    id: deps.random.uuid(),
    createdAt: now,
    reference: updated.receipt ?? updated.originatorConversationId ?? payout.originatorConversationId,
  });
  if (posting && !posting.ok) throw new Error(`payout posting refused for ${payout.id}: ${posting.error.code} ${posting.error.detail ?? ''}`);
  if (posting) await tx.ledger.append([posting.value]);
  if (payout.state !== updated.state || args.note) {
    await tx.events.append({
      id: deps.random.uuid(),
      orderId: order.id,
      action: `payout_${updated.state}`,
      actor: actorForAudit(args.actor),
      fromStatus: order.status,
      toStatus: order.status,
      data: {
        payoutId: payout.id,
        purpose: payout.purpose,
        from: payout.state,
        to: updated.state,
        attempt: updated.attempt,
        originatorConversationId: updated.originatorConversationId,
        receipt: updated.receipt,
        problem: updated.problem,
        ...args.note,
        postings: posting ? [posting.value.kind] : [],
      },
      at: now,
    });
  }
  return updated;
}
