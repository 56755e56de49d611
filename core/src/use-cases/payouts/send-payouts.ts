import type { Actor } from '../../orders/actor.js';
import type { Order } from '../../orders/order.js';
import type { EscrowTx } from '../../ports/escrow-store.js';
import type { PayoutDestination, PayoutGateway } from '../../ports/payout-gateway.js';
import { payoutOriginatorId, payoutStatusQueryId, SELLER_PAYOUT_HOLDS, type Payout } from '../../payouts/payout.js';
import type { EscrowDeps } from '../deps.js';
import { sellerPayoutDestination } from '../../payouts/seller-payout-details.js';
import { nairobiDateTime } from '../../export/orders-csv.js';
import { finishSettlements } from './finish-settlement.js';
import { changePayout } from './payout-change.js';
import { payoutTiming, resendDelayMs, STATUS_CHECKS_BEFORE_ALERT, statusCheckDelayMs } from './payout-timing.js';

const SYSTEM: Actor = { kind: 'system' };

type Where = { readonly destination: PayoutDestination } | { readonly heldUntil: Date; readonly why: string } | { readonly problem: string };

/** Where a payout goes now: the seller's payout details, the rider's phone, or the phone that paid (a refund). */
async function destinationFor(tx: EscrowTx, order: Order, payout: Payout, now: Date): Promise<Where> {
  switch (payout.purpose) {
    case 'seller': {
      const seller = await tx.sellers.get(order.sellerId);
      if (!seller) return { problem: 'The seller account no longer exists: pay by hand and record the M-Pesa reference.' };
      // The seller's payout details, never the business phone; new details wait 24 hours (decision 0049).
      const where = sellerPayoutDestination(seller, now);
      if (where.destination === null) {
        return { heldUntil: new Date(now.getTime() + 60 * 60_000), why: SELLER_PAYOUT_HOLDS.paybillAccount };
      }
      if (where.heldUntil) {
        return { heldUntil: where.heldUntil, why: `Held until ${nairobiDateTime(where.heldUntil)} (Nairobi time): ${SELLER_PAYOUT_HOLDS.newDetails}` };
      }
      return { destination: where.destination };
    }
    case 'rider':
      return order.riderPhone ? { destination: { kind: 'mpesa_phone', msisdn: order.riderPhone } } : { problem: 'The order has no rider phone to pay.' };
    case 'refund':
      return order.payerPhone
        ? { destination: { kind: 'mpesa_phone', msisdn: order.payerPhone } }
        : { problem: 'M-Pesa did not give the phone that paid: refund by hand and record the M-Pesa reference.' };
  }
}

function remarksFor(order: Order, payout: Payout): string {
  switch (payout.purpose) {
    case 'seller':
      return `Payout order ${order.trackingNumber}`;
    case 'rider':
      return `Delivery order ${order.trackingNumber}`;
    case 'refund':
      return `Refund order ${order.trackingNumber}`;
  }
}

export interface PayoutRoundReport {
  /** Requests sent to Daraja this round. */
  readonly sent: number;
  /** Payouts waiting out the 24 hours after new payout details. */
  readonly held: number;
  /** Status queries sent about payouts whose fate was open. */
  readonly asked: number;
  /** Orders whose settlement this round completed. */
  readonly settled: number;
}

/**
 * Claims a due payout for sending, in one transaction: the order row is locked, the payout must
 * still be `queued` at the version read, its destination is fixed, the attempt's
 * OriginatorConversationID is chosen, and the money moves to mpesa_clearing. Only then is Daraja
 * called, so two processes never send the same payout, and a process that dies after the claim
 * leaves a `sending` payout that is asked about (checkDuePayouts), never sent with a new id.
 */
async function claimForSending(deps: EscrowDeps, payoutId: string): Promise<{ payout: Payout; order: Order } | 'held' | null> {
  return deps.store.transaction(async (tx) => {
    const first = await tx.payouts.get(payoutId);
    if (!first) return null;
    const order = await tx.orders.getForUpdate(first.orderId);
    const payout = await tx.payouts.get(payoutId);
    const now = deps.clock.now();
    if (!order || !payout || payout.state !== 'queued' || (payout.nextAttemptAt && payout.nextAttemptAt > now)) return null;
    const where = await destinationFor(tx, order, payout, now);
    if ('heldUntil' in where) {
      await changePayout(deps, tx, { order, payout, changes: { nextAttemptAt: where.heldUntil, problem: where.why }, now, actor: SYSTEM });
      return 'held';
    }
    if ('problem' in where) {
      await changePayout(deps, tx, { order, payout, changes: { state: 'failed', problem: where.problem, nextAttemptAt: null }, now, actor: SYSTEM });
      return null;
    }
    // The same id again while the last attempt's fate is open (Daraja refuses a repeat: nothing is
    // paid twice); a new one only after a definitive failure cleared it.
    const attempt = payout.originatorConversationId ? payout.attempt : payout.attempt + 1;
    const claimed = await changePayout(deps, tx, {
      order,
      payout,
      changes: {
        state: 'sending',
        destination: where.destination,
        attempt,
        originatorConversationId: payoutOriginatorId(payout.id, attempt),
        nextAttemptAt: new Date(now.getTime() + payoutTiming(deps).sendingLeaseMs),
        // A new attempt starts its own count of status queries; the same id again keeps counting.
        ...(payout.originatorConversationId ? {} : { statusChecks: 0, queueTimeoutAt: null, conversationId: null }),
      },
      now,
      actor: SYSTEM,
    });
    return claimed ? { payout: claimed, order } : null;
  });
}

/** Stores what Daraja answered to the request (unless a Result or another process got there first). */
async function recordSendOutcome(deps: EscrowDeps, sent: Payout, outcome: Awaited<ReturnType<PayoutGateway['send']>>): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const order = await tx.orders.getForUpdate(sent.orderId);
    const payout = await tx.payouts.get(sent.id);
    // A Result already came (it may arrive before the reply is stored), or a checker took over.
    if (!order || !payout || payout.state !== 'sending' || payout.originatorConversationId !== sent.originatorConversationId) return;
    const now = deps.clock.now();
    const change = (changes: Parameters<typeof changePayout>[2]['changes']) => changePayout(deps, tx, { order, payout, changes, now, actor: SYSTEM });
    switch (outcome.status) {
      case 'accepted':
        await change({ state: 'sent', conversationId: outcome.conversationId, problem: null, nextAttemptAt: new Date(now.getTime() + payoutTiming(deps).resultWaitMs) });
        return;
      case 'already_requested':
      case 'unknown':
        await change({ state: 'unknown', problem: `No clear answer from M-Pesa (${outcome.reason}); asking M-Pesa about it before anything else.`, nextAttemptAt: new Date(now.getTime() + statusCheckDelayMs(1, payoutTiming(deps).firstStatusCheckMs)) });
        return;
      case 'refused':
        // Nothing was paid: the money goes back to its account; a refusal that may pass later is sent
        // again (with a new id), any other waits for a person.
        await change(
          outcome.retryable
            ? { state: 'queued', originatorConversationId: null, problem: `M-Pesa refused it for now: ${outcome.reason}`, nextAttemptAt: new Date(now.getTime() + resendDelayMs(payout.attempt)) }
            : { state: 'failed', originatorConversationId: null, problem: `M-Pesa refused it: ${outcome.reason}`, nextAttemptAt: null },
        );
        return;
    }
  });
}

/** Sends one due payout, if it can still be claimed. */
export async function sendPayout(deps: EscrowDeps, payoutId: string): Promise<'sent' | 'held' | 'skipped'> {
  const gateway = deps.payouts?.gateway;
  if (!gateway) return 'skipped';
  const claimed = await claimForSending(deps, payoutId);
  if (claimed === 'held') return 'held';
  if (!claimed) return 'skipped';
  const { payout, order } = claimed;
  if (!payout.destination || !payout.originatorConversationId) return 'skipped';
  const outcome = await gateway.send({
    originatorConversationId: payout.originatorConversationId,
    destination: payout.destination,
    amount: payout.amount,
    remarks: remarksFor(order, payout),
    occasion: order.trackingNumber,
  });
  await recordSendOutcome(deps, payout, outcome);
  return 'sent';
}

/**
 * Asks M-Pesa (Transaction Status, by the attempt's OriginatorConversationID) about a payout whose
 * fate is open: a `sending` one whose claimer died, a `sent` one whose Result is late, an
 * `unknown` one. The next query is scheduled first, so two checkers do not ask twice at once.
 */
async function checkPayout(deps: EscrowDeps, payoutId: string): Promise<boolean> {
  const gateway = deps.payouts?.gateway;
  if (!gateway) return false;
  const claimed = await deps.store.transaction(async (tx) => {
    const first = await tx.payouts.get(payoutId);
    if (!first) return null;
    const order = await tx.orders.getForUpdate(first.orderId);
    const payout = await tx.payouts.get(payoutId);
    const now = deps.clock.now();
    if (!order || !payout || !payout.originatorConversationId || !['sending', 'sent', 'unknown'].includes(payout.state)) return null;
    if (payout.nextAttemptAt && payout.nextAttemptAt > now) return null;
    const checks = payout.statusChecks + 1;
    const stuck = checks > STATUS_CHECKS_BEFORE_ALERT;
    const updated = await changePayout(deps, tx, {
      order,
      payout,
      changes: {
        // A claim whose process died is as open as a request that timed out.
        state: payout.state === 'sending' ? 'unknown' : payout.state,
        statusChecks: checks,
        nextAttemptAt: new Date(now.getTime() + statusCheckDelayMs(checks, payoutTiming(deps).firstStatusCheckMs)),
        ...(stuck ? { problem: `M-Pesa has not said what became of this payout after ${checks - 1} status queries: look it up in the M-Pesa portal (${payout.originatorConversationId}).` } : {}),
      },
      now,
      actor: SYSTEM,
    });
    return updated ? { payout: updated, order } : null;
  });
  if (!claimed) return false;
  const oid = claimed.payout.originatorConversationId ?? '';
  await gateway.queryStatus({ originatorConversationId: oid, queryId: payoutStatusQueryId(oid, claimed.payout.statusChecks), occasion: claimed.order.trackingNumber });
  return true;
}

/**
 * One round of the payout worker (every API process runs it; each step is conditional, so
 * processes may overlap): send the due payouts, ask about the open ones, and complete the
 * settlement of orders whose payouts are all paid (finishSettlements).
 */
export async function runPayoutRound(deps: EscrowDeps, options: { limit?: number } = {}): Promise<PayoutRoundReport> {
  const limit = options.limit ?? 50;
  const now = deps.clock.now();
  let sent = 0;
  let held = 0;
  let asked = 0;
  if (deps.payouts) {
    for (const payout of await deps.store.read((tx) => tx.payouts.listDue(['queued'], now, limit))) {
      const result = await sendPayout(deps, payout.id);
      if (result === 'sent') sent += 1;
      if (result === 'held') held += 1;
    }
    for (const payout of await deps.store.read((tx) => tx.payouts.listDue(['sending', 'sent', 'unknown'], now, limit))) {
      if (await checkPayout(deps, payout.id)) asked += 1;
    }
  }
  const settled = await finishSettlements(deps, { limit });
  return { sent, held, asked, settled };
}
