import { err, ok, type DomainError, type Result } from '../errors.js';
import type { ActorKind } from './actor.js';
import type { Order } from './order.js';
import { paymentUnverified, type OrderStatus, type PaymentMethod } from './order-status.js';

/** Everything that can be done to an existing order. */
export const ORDER_ACTIONS = [
  'confirm_payment',
  'verify_payment',
  'claim_payment',
  'assign_rider',
  'remove_rider',
  'take_job',
  'accept_job',
  'confirm_pickup',
  'complete_delivery',
  'unlock_code',
  'confirm_settlement',
  'cancel',
  'request_refund',
  'refund',
  'reject_refund',
  'submit_feedback',
  'record_rider_payment',
  'resend_code',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * What the table reads of an order: its status, payment method and the guards' fields. Views
 * built from fewer columns than a whole order (the admin list) can ask the table all the same.
 */
export type OrderFacts = Pick<Order, 'status' | 'paymentMethod' | 'paymentConfirmed' | 'paymentVerifiedBy' | 'settlementPaid' | 'riderPhone' | 'riderAcceptedAt' | 'codeLockedAt'>;

interface Rule {
  /** Who may attempt the action at all; ownership is checked by `authorize`. */
  readonly actors: readonly ActorKind[];
  /** Statuses the action starts from, per payment method. */
  readonly from: (method: PaymentMethod) => readonly OrderStatus[];
  /** The status it leads to (may be the same status). */
  readonly to: (order: OrderFacts) => OrderStatus;
  /** Further conditions, checked after the status; the first failure is returned. */
  readonly guard?: (order: OrderFacts) => DomainError | null;
}

const same = (order: OrderFacts): OrderStatus => order.status;
const paidOr = (extra: readonly OrderStatus[]) => (method: PaymentMethod): readonly OrderStatus[] =>
  method === 'mpesa_prepay' ? extra : ['awaiting_payment', ...extra];
const fault = (code: DomainError['code'], detail: string): DomainError => ({ code, detail });
/** PRODUCT-DECISIONS, Real money: no payout or refund of money M-Pesa never confirmed (orders paid on a typed receipt alone, before verification). */
const unverified = (o: OrderFacts): DomainError | null =>
  paymentUnverified(o) ? fault('PAYMENT_UNVERIFIED', 'the payment was never verified with M-Pesa') : null;

/**
 * The transition table (PRODUCT-DECISIONS, Order lifecycle and Other payment methods).
 * mpesa_prepay: awaiting_payment -> paid -> rider_assigned -> in_transit -> awaiting_settlement
 * -> settlement_completed. mpesa_pod and cash may get a rider before payment; cash ends in
 * `completed` with no escrow.
 */
export const TRANSITIONS: Readonly<Record<OrderAction, Rule>> = {
  confirm_payment: {
    actors: ['buyer', 'admin'],
    from: (m) => (m === 'cash' ? [] : m === 'mpesa_pod' ? ['awaiting_payment', 'rider_assigned', 'in_transit'] : ['awaiting_payment']),
    to: (o) => (o.status === 'awaiting_payment' ? 'paid' : o.status),
    guard: (o) => (o.paymentConfirmed ? fault('PAYMENT_ALREADY_CONFIRMED', 'payment already confirmed') : null),
  },
  /** M-Pesa confirmed the payment (STK Query, C2B confirmation) or an admin attached a verified one. */
  verify_payment: {
    actors: ['system', 'admin'],
    from: (m) => (m === 'cash' ? [] : m === 'mpesa_pod' ? ['awaiting_payment', 'rider_assigned', 'in_transit'] : ['awaiting_payment']),
    to: (o) => (o.status === 'awaiting_payment' ? 'paid' : o.status),
    guard: (o) => (o.paymentConfirmed ? fault('PAYMENT_ALREADY_CONFIRMED', 'payment already confirmed') : null),
  },
  /** The buyer typed a receipt M-Pesa has not confirmed: recorded as a claim, the status unchanged. */
  claim_payment: {
    actors: ['buyer'],
    // Paid statuses too, so a claim racing M-Pesa's confirmation learns the order is paid
    // (confirmPayment answers it) rather than "not at this stage".
    from: (m) =>
      m === 'cash'
        ? []
        : [...(m === 'mpesa_pod' ? (['awaiting_payment', 'rider_assigned', 'in_transit'] as const) : (['awaiting_payment'] as const)), 'paid', 'rider_assigned', 'in_transit', 'awaiting_settlement', 'settlement_completed'],
    to: same,
    guard: (o) => (!o.paymentConfirmed && o.paymentMethod === 'mpesa_prepay' && o.status !== 'awaiting_payment' ? fault('TRANSITION_NOT_ALLOWED', 'nothing to claim at this stage') : null),
  },
  assign_rider: {
    actors: ['seller'],
    from: paidOr(['paid', 'rider_assigned', 'in_transit']),
    to: () => 'rider_assigned',
  },
  remove_rider: {
    actors: ['seller'],
    from: () => ['rider_assigned', 'in_transit'],
    to: (o) => (o.paymentConfirmed ? 'paid' : 'awaiting_payment'),
  },
  take_job: {
    actors: ['rider'],
    from: () => ['paid'],
    to: () => 'rider_assigned',
    guard: (o) => (o.riderPhone !== null ? fault('RIDER_ALREADY_ASSIGNED', 'order already has a rider') : null),
  },
  accept_job: {
    actors: ['rider'],
    from: () => ['rider_assigned'],
    to: same,
  },
  confirm_pickup: {
    actors: ['rider'],
    from: () => ['rider_assigned'],
    to: () => 'in_transit',
    guard: (o) => (o.riderAcceptedAt === null ? fault('RIDER_NOT_ACCEPTED', 'accept the job before pickup') : null),
  },
  complete_delivery: {
    actors: ['rider'],
    from: () => ['in_transit'],
    to: (o) => (o.paymentMethod === 'cash' ? 'completed' : 'awaiting_settlement'),
    guard: (o) => {
      if (o.codeLockedAt !== null) return fault('DELIVERY_CODE_LOCKED', 'code entry is locked');
      if (o.paymentMethod !== 'cash' && !o.paymentConfirmed) return fault('PAYMENT_NOT_CONFIRMED', 'payment not confirmed yet');
      return null;
    },
  },
  unlock_code: {
    actors: ['seller', 'admin'],
    from: () => ['awaiting_payment', 'paid', 'rider_assigned', 'in_transit'],
    to: same,
  },
  confirm_settlement: {
    actors: ['admin', 'system'],
    from: () => ['awaiting_settlement'],
    to: () => 'settlement_completed',
    guard: (o) => (o.settlementPaid ? fault('ALREADY_SETTLED', 'already settled') : unverified(o)),
  },
  cancel: {
    actors: ['seller'],
    from: (m) => (m === 'mpesa_prepay' ? ['awaiting_payment'] : ['awaiting_payment', 'rider_assigned']),
    to: () => 'cancelled',
    guard: (o) => (o.paymentConfirmed ? fault('PAYMENT_ALREADY_CONFIRMED', 'paid orders are refunded, not cancelled') : null),
  },
  request_refund: {
    actors: ['buyer', 'seller', 'rider'],
    from: () => ['paid', 'rider_assigned', 'in_transit'],
    to: same,
    guard: (o) => (!o.paymentConfirmed ? fault('PAYMENT_NOT_CONFIRMED', 'nothing was paid into escrow') : null),
  },
  refund: {
    actors: ['admin'],
    from: () => ['paid', 'rider_assigned', 'in_transit'],
    to: () => 'cancelled',
    guard: (o) => (!o.paymentConfirmed ? fault('PAYMENT_NOT_CONFIRMED', 'nothing was paid into escrow') : unverified(o)),
  },
  reject_refund: {
    actors: ['admin'],
    from: () => ['paid', 'rider_assigned', 'in_transit', 'awaiting_settlement', 'settlement_completed', 'completed', 'cancelled'],
    to: same,
  },
  submit_feedback: {
    actors: ['buyer'],
    from: () => ['awaiting_settlement', 'settlement_completed', 'completed'],
    to: same,
  },
  /** The code again by SMS to the phone that paid (a new one when code entry is locked). */
  resend_code: {
    actors: ['buyer'],
    from: (m) => (m === 'cash' ? ['awaiting_payment', 'rider_assigned', 'in_transit'] : ['paid', 'rider_assigned', 'in_transit']),
    to: same,
    guard: (o) => (o.paymentMethod !== 'cash' && !o.paymentConfirmed ? fault('PAYMENT_NOT_CONFIRMED', 'the code is sent once the payment is confirmed') : null),
  },
  record_rider_payment: {
    actors: ['rider'],
    from: () => ['in_transit', 'awaiting_settlement', 'settlement_completed', 'completed'],
    to: same,
  },
};

/** Checks the status and guards of `action` on `order`; returns the status it leads to. */
export function planTransition(order: OrderFacts, action: OrderAction): Result<OrderStatus> {
  const rule = TRANSITIONS[action];
  if (action === 'confirm_settlement' && order.settlementPaid) return err('ALREADY_SETTLED');
  if (!rule.from(order.paymentMethod).includes(order.status)) {
    return err('TRANSITION_NOT_ALLOWED', { detail: `${action} is not allowed in ${order.status} (${order.paymentMethod})` });
  }
  const failure = rule.guard?.(order) ?? null;
  if (failure) return { ok: false, error: failure };
  return ok(rule.to(order));
}

export function actorMayAttempt(action: OrderAction, actor: ActorKind): boolean {
  return TRANSITIONS[action].actors.includes(actor);
}

/** Every status change the table can produce, as 'from>to' (used by tests and audits). */
export function allowedStatusChanges(): ReadonlySet<string> {
  const edges = new Set<string>(['>awaiting_payment']);
  const methods: PaymentMethod[] = ['mpesa_prepay', 'mpesa_pod', 'cash'];
  for (const action of ORDER_ACTIONS) {
    for (const method of methods) {
      for (const from of TRANSITIONS[action].from(method)) {
        for (const paymentConfirmed of [false, true]) {
          const probe = { status: from, paymentMethod: method, paymentConfirmed } as OrderFacts;
          edges.add(`${from}>${TRANSITIONS[action].to(probe)}`);
        }
      }
    }
  }
  return edges;
}
