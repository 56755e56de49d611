import type { DomainError, Result } from '../errors.js';
import { checkOrderAgainstLedger } from '../ledger/balances.js';
import { isBalanced } from '../ledger/posting.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { allowedStatusChanges } from '../orders/transitions.js';
import type { EscrowDeps } from '../use-cases/deps.js';
import { acceptJob } from '../use-cases/accept-job.js';
import { assignRider } from '../use-cases/assign-rider.js';
import { cancelOrder } from '../use-cases/cancel-order.js';
import { completeDelivery } from '../use-cases/complete-delivery.js';
import { confirmPayment } from '../use-cases/confirm-payment.js';
import { recordC2bPayment } from '../use-cases/payments/record-c2b-payment.js';
import type { Cents } from '../money/cents.js';
import { confirmPickup } from '../use-cases/confirm-pickup.js';
import { confirmSettlement } from '../use-cases/confirm-settlement.js';
import { createOrder } from '../use-cases/create-order.js';
import { recordRiderPayment } from '../use-cases/record-rider-payment.js';
import { removeRider } from '../use-cases/remove-rider.js';
import { requestRefund } from '../use-cases/request-refund.js';
import { resolveRefund } from '../use-cases/resolve-refund.js';
import { submitFeedback } from '../use-cases/submit-feedback.js';
import { takeAvailableJob } from '../use-cases/take-available-job.js';
import { unlockDeliveryCode } from '../use-cases/unlock-delivery-code.js';
import type { EscrowStore } from '../ports/escrow-store.js';

/**
 * Random use-case sequences by random actors, shared by the core's property tests (memory
 * store) and the database adapter's (SQLite, PostgreSQL). A step names its actor by role;
 * the runner turns the role into a concrete identity at the time the step runs.
 */
export const ACTOR_ROLES = ['owner', 'otherSeller', 'admin', 'buyer', 'wrongBuyer', 'assignedRider', 'staleRider', 'listedRider', 'strangerRider', 'unprovenRider'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

export const STEP_KINDS = [
  'create', 'pay', 'assign', 'remove', 'take', 'accept', 'pickup', 'code', 'wrongCode', 'unlock', 'settle', 'cancel', 'refundRequest', 'refundResolve', 'feedback', 'riderPayment',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export interface Step {
  readonly kind: StepKind;
  readonly role: ActorRole;
  /** Picks one of the orders made so far (modulo their count). */
  readonly orderPick: number;
  /** A small number the step uses for its own choices (amounts, receipts, ratings). */
  readonly n: number;
}

export interface ScenarioWorld {
  readonly sellers: readonly [string, string];
  /** The phone on the owner's rider list (the listed rider). */
  readonly listedRiderPhone: string;
  readonly listedRiderId: string;
}

export interface ScenarioReport {
  readonly orderIds: string[];
  readonly outcomes: { step: Step; ok: boolean; code?: DomainError['code'] }[];
  /** Violations found; empty when every invariant held. */
  readonly violations: string[];
}

const RECEIPTS = ['QAB1CD2EF3', 'QAB1CD2EF4', 'QAB1CD2EF5', 'QAB1CD2EF6'];

/** A refund's own 10-character M-Pesa-shaped reference, from its request id (letters and digits). */
const refundReference = (requestId: string): string => `RF${requestId.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(-8).padStart(8, '0')}`;
const PRICES = [0, 1, 99, 100_00, 149_999, 2_500_000_00, 1_000_000_000];

export async function runScenario(deps: EscrowDeps, world: ScenarioWorld, steps: readonly Step[]): Promise<ScenarioReport> {
  const orderIds: string[] = [];
  const staleKeys = new Map<string, { phone: string; key: string }>();
  const outcomes: ScenarioReport['outcomes'] = [];
  const violations: string[] = [];
  const store: EscrowStore = deps.store;
  const load = (id: string) => store.read((tx) => tx.orders.get(id));

  for (const step of steps) {
    const orderId = orderIds.length > 0 ? orderIds[step.orderPick % orderIds.length] : undefined;
    const before = orderId ? await load(orderId) : undefined;
    const actor = actorFor(step.role, world, before, staleKeys);
    let result: Result<unknown>;
    if (step.kind === 'create' || !before || !orderId) {
      const method = (['mpesa_prepay', 'mpesa_prepay', 'mpesa_pod', 'cash'] as const)[step.n % 4] ?? 'mpesa_prepay';
      const price = PRICES[step.n % PRICES.length] ?? 0;
      result = await createOrder(deps, {
        actor: step.role === 'otherSeller' ? { kind: 'seller', sellerId: world.sellers[1] } : { kind: 'seller', sellerId: world.sellers[0] },
        input: {
          itemName: 'Phone',
          price,
          buyerName: 'Wanjiru',
          buyerPhone: '0712 345 678',
          buyerAddress: 'Kilimani',
          deliveryCost: (step.n * 7919) % 60_000,
          deliveryPaidBy: step.n % 2 === 0 ? 'buyer' : 'seller',
          paymentMethod: method,
          buyerCashAmount: method === 'cash' ? price : null,
        },
      });
      if (result.ok) orderIds.push((result.value as Order).id);
    } else {
      result = await runStep(deps, step, orderId, actor, before, world);
    }
    outcomes.push({ step, ok: result.ok, ...(result.ok ? {} : { code: result.error.code }) });
    const after = orderId ? await load(orderId) : undefined;
    if (before && after) {
      if (before.riderKey && before.riderPhone && before.riderKey !== after.riderKey) staleKeys.set(before.id, { phone: before.riderPhone, key: before.riderKey });
      violations.push(...checkStep(step, before, after, result));
    }
  }
  violations.push(...(await checkWorld(store, orderIds)));
  return { orderIds, outcomes, violations };
}

function actorFor(role: ActorRole, world: ScenarioWorld, order: Order | undefined, stale: Map<string, { phone: string; key: string }>): Actor {
  switch (role) {
    case 'owner':
      return { kind: 'seller', sellerId: order?.sellerId ?? world.sellers[0] };
    case 'otherSeller':
      return { kind: 'seller', sellerId: order?.sellerId === world.sellers[0] ? world.sellers[1] : world.sellers[0] };
    case 'admin':
      return { kind: 'admin', userId: 'admin-1' };
    case 'buyer':
      return { kind: 'buyer', deliveryCode: order?.deliveryCode ?? '100000' };
    case 'wrongBuyer':
      return { kind: 'buyer', deliveryCode: order?.deliveryCode === '999999' ? '999998' : '999999' };
    case 'assignedRider':
      return order?.riderPhone && order.riderKey ? { kind: 'rider', phone: order.riderPhone, key: order.riderKey } : { kind: 'rider', phone: world.listedRiderPhone };
    case 'staleRider': {
      const old = order ? stale.get(order.id) : undefined;
      return old ? { kind: 'rider', phone: old.phone, key: old.key } : { kind: 'rider', phone: world.listedRiderPhone, key: 'not-the-key' };
    }
    // Riders who proved their phone (the listed one, and a stranger who proved a phone no seller lists)...
    case 'listedRider':
      return { kind: 'rider', phone: world.listedRiderPhone, phoneProven: true };
    case 'strangerRider':
      return { kind: 'rider', phone: '+254799999999', phoneProven: true };
    // ...and someone who only knows the listed rider's number.
    case 'unprovenRider':
      return { kind: 'rider', phone: world.listedRiderPhone };
  }
}

async function runStep(deps: EscrowDeps, step: Step, orderId: string, actor: Actor, order: Order, world: ScenarioWorld): Promise<Result<unknown>> {
  const wrongCode = order.deliveryCode === '123456' ? '654321' : '123456';
  switch (step.kind) {
    case 'create':
      throw new Error('handled by the caller');
    case 'pay': {
      // The caller types a receipt (a claim unless M-Pesa confirmed it); then, most of the time,
      // M-Pesa's C2B confirmation of that receipt arrives for this order (a third of them short).
      const receipt = RECEIPTS[step.n % RECEIPTS.length] ?? '';
      const typed = await confirmPayment(deps, { orderId, actor, mpesaReceipt: receipt, termsAccepted: step.n % 11 !== 0 });
      if (step.n % 4 === 0) return typed;
      const short = step.n % 3 === 0 ? 100 : 0;
      const confirmed = await recordC2bPayment(deps, { transId: receipt, billRefNumber: order.trackingNumber, amount: Math.max(0, order.price - short) as Cents, msisdn: 'hashed', payerName: 'PAYER', businessShortCode: '174379', transTime: '20261125120000' });
      return confirmed.ok && confirmed.value.outcome === 'paid_order' ? confirmed : typed;
    }
    case 'assign':
      return assignRider(deps, { orderId, actor, rider: step.n % 2 === 0 ? { riderId: world.listedRiderId } : { name: 'Otieno', phone: `07${String(10_000_000 + (step.n % 5)).slice(0, 8)}` } });
    case 'remove':
      return removeRider(deps, { orderId, actor });
    case 'take':
      return takeAvailableJob(deps, { orderId, actor });
    case 'accept':
      return acceptJob(deps, { orderId, actor });
    case 'pickup':
      return confirmPickup(deps, { orderId, actor, pickupPhotoUrl: step.n % 9 === 0 ? '' : '/uploads/order-photos/pickup/p.jpg' });
    case 'code':
      return completeDelivery(deps, { orderId, actor, code: order.deliveryCode });
    case 'wrongCode':
      return completeDelivery(deps, { orderId, actor, code: step.n % 13 === 0 ? '12345' : wrongCode });
    case 'unlock':
      return unlockDeliveryCode(deps, { orderId, actor });
    case 'settle':
      // Each order its own payout reference, and now and then one another order may have used (refused: decision 0050).
      return confirmSettlement(deps, { orderId, actor, reference: step.n % 5 === 0 ? 'PAYOUT-SHARED' : `PAYOUT-${orderId}` });
    case 'cancel':
      return cancelOrder(deps, { orderId, actor });
    case 'refundRequest':
      return requestRefund(deps, { orderId, actor, reason: 'The phone is not the model I ordered' });
    case 'refundResolve': {
      const open = await deps.store.read((tx) => tx.refunds.findOpenByOrder(orderId));
      if (!open) return { ok: false, error: { code: 'REFUND_NOT_FOUND' } };
      return resolveRefund(deps, {
        refundId: open.id,
        actor,
        resolution: step.n % 3 === 0 ? { decision: 'reject', note: 'Item matched' } : { decision: 'refund', mpesaReference: step.n % 5 === 1 ? 'RFDSHARED1' : refundReference(open.id) },
      });
    }
    case 'feedback':
      return submitFeedback(deps, { orderId, actor, riderRating: (step.n % 6) as number, sellerRating: 1 + (step.n % 5), comment: 'ok' });
    case 'riderPayment':
      return recordRiderPayment(deps, { orderId, actor, paymentReceived: step.n % 2 === 0, paymentIssue: step.n % 4 === 1 ? 'Buyer paid short' : '' });
  }
}

const EDGES = allowedStatusChanges();

function checkStep(step: Step, before: Order, after: Order, result: Result<unknown>): string[] {
  const problems: string[] = [];
  const where = `${step.kind} by ${step.role} on ${before.id}`;
  if (before.status !== after.status && !EDGES.has(`${before.status}>${after.status}`)) problems.push(`${where}: illegal ${before.status} -> ${after.status}`);
  if (!result.ok && before.status !== after.status) problems.push(`${where}: failed (${result.error.code}) but changed status`);
  if (step.kind === 'take' && result.ok && step.role !== 'listedRider') problems.push(`${where}: a job was taken by a phone that is unproven or not listed`);
  const accepted = (step.kind === 'code' || step.kind === 'wrongCode') && result.ok;
  if (accepted) {
    const rightState = before.status === 'in_transit' && before.codeLockedAt === null && (before.paymentMethod === 'cash' || before.paymentConfirmed);
    if (!rightState) problems.push(`${where}: code accepted in ${before.status} (locked=${before.codeLockedAt !== null}, paid=${before.paymentConfirmed})`);
  }
  if (step.kind === 'wrongCode' && result.ok) problems.push(`${where}: a wrong code was accepted`);
  if (before.codeAttempts >= 5 && before.codeLockedAt === null) problems.push(`${where}: 5 wrong codes but not locked`);
  if (before.settlementPaid && !after.settlementPaid) problems.push(`${where}: settlement undone`);
  return problems;
}

async function checkWorld(store: EscrowStore, orderIds: string[]): Promise<string[]> {
  return store.read(async (tx) => {
    const problems: string[] = [];
    let total = 0;
    for (const id of orderIds) {
      const order = await tx.orders.get(id);
      if (!order) {
        problems.push(`order ${id} vanished`);
        continue;
      }
      const postings = await tx.ledger.listByOrder(id);
      for (const p of postings) {
        if (!isBalanced(p.entries)) problems.push(`posting ${p.id} unbalanced`);
        for (const e of p.entries) total += e.amount;
      }
      if (postings.filter((p) => p.kind === 'settlement_out').length > 1) problems.push(`order ${id} settled twice`);
      // Every reference of money going out belongs to the one order that paid it out (decision 0050).
      for (const p of postings.filter((q) => (q.kind === 'settlement_out' || q.kind === 'refund_out') && q.reference)) {
        const recorded = await tx.moneyOutReferences.get(p.reference ?? '');
        if (recorded?.orderId !== id || recorded.kind !== (p.kind === 'refund_out' ? 'refund' : 'settlement')) problems.push(`order ${id}: ${p.kind} reference ${p.reference} is recorded as ${JSON.stringify(recorded)}`);
      }
      problems.push(...checkOrderAgainstLedger(order, postings).map((m) => `order ${id}: ${m}`));
    }
    if (total !== 0) problems.push(`ledger does not sum to zero: ${total}`);
    return problems;
  });
}
