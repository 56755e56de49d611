import { err, ok, type DomainError, type Result } from '../errors.js';
import type { Posting } from '../ledger/posting.js';
import { authorize, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order, OrderChanges } from '../orders/order.js';
import type { OrderStatus } from '../orders/order-status.js';
import { planTransition, type OrderAction } from '../orders/transitions.js';
import type { EscrowTx } from '../ports/escrow-store.js';
import type { OrderChangedEvent } from '../ports/event-bus.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { Notification } from '../ports/notifier.js';
import { actorForAudit, type SellerRef } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';
import { enqueueNotification } from './enqueue-notification.js';
import { textsFor } from '../messages/recipient-texts.js';
import { sellerNotifications, type LocalizedSellerMessage } from './seller-notifications.js';

export interface MutationContext {
  readonly order: Order;
  readonly tx: EscrowTx;
  readonly now: Date;
  /** The status the transition table says the action leads to. */
  readonly next: OrderStatus;
}

export interface Decision<V = Order> {
  readonly changes?: OrderChanges;
  /** What the use case returns for the changed order; without it, the order itself. */
  readonly result?: (updated: Order) => V;
  /** Postings for the changed order; each must build (a failure is a bug and rolls back). */
  readonly postings?: (updated: Order, newId: () => string) => Result<Posting>[];
  /**
   * A message to the order's seller (email and SMS text), sent from the outbox after commit by
   * the seller's choice, in the seller's language (given the texts of it).
   */
  readonly notifySeller?: (updated: Order) => LocalizedSellerMessage | null;
  /**
   * Text messages written to the outbox in the same transaction (phones in E.164). `sensitive`:
   * the text holds a secret (the delivery code): once delivered only who and when are kept.
   */
  readonly sms?: (updated: Order) => readonly { to: string; body: string; sensitive?: boolean }[];
  readonly auditData?: Readonly<Record<string, unknown>>;
}

/** Thrown inside a transaction to roll it back; turned into a coded error outside it. */
export class RollbackError extends Error {
  constructor(readonly domainError: DomainError) {
    super(domainError.code);
  }
}

/**
 * The one path by which an existing order changes: lock the row, check who may act and
 * whether the transition table allows it, let the use case decide, then write the change
 * (conditional on the version read), its postings, its audit event and its outbox rows in
 * the same transaction. Live subscribers are told after commit. With `options.idempotency` the
 * request's key and answer are written in that same transaction (docs/decisions/0035).
 */
export async function mutateOrder<V = Order>(
  deps: EscrowDeps,
  args: {
    orderId: string;
    actor: Actor;
    action: OrderAction;
    decide: (ctx: MutationContext) => Promise<Result<Decision<V>>>;
  },
  options: ChangeOptions<Result<V>> = {},
): Promise<Result<V>> {
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN', { detail: 'no valid caller' });
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err(notFoundFor(actor));
  let published: OrderChangedEvent | null = null;
  let result: Result<V>;
  try {
    result = await deps.store.transaction(async (tx): Promise<Result<V>> => {
      const order = await tx.orders.getForUpdate(args.orderId);
      if (!order) return err(notFoundFor(actor));
      const allowed = authorize(order, actor, args.action);
      if (!allowed.ok) return allowed;
      const planned = planTransition(order, args.action);
      if (!planned.ok) return planned;
      const now = deps.clock.now();
      const decided = await args.decide({ order, tx, now, next: planned.value });
      if (!decided.ok) return decided;
      const decision = decided.value;
      const changes: OrderChanges = { ...decision.changes, status: planned.value, updatedAt: now };
      if (!(await tx.orders.update(order.id, order.version, changes))) {
        throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: `order ${order.id} changed under us` });
      }
      const updated: Order = { ...order, ...changes, version: order.version + 1 };
      const postings = (decision.postings?.(updated, () => deps.random.uuid()) ?? []).map((p) => {
        if (!p.ok) throw new Error(`posting refused for ${order.id}: ${p.error.code} ${p.error.detail ?? ''}`);
        return p.value;
      });
      if (postings.length > 0) await tx.ledger.append(postings);
      await tx.events.append({
        id: deps.random.uuid(),
        orderId: order.id,
        action: args.action,
        actor: actorForAudit(actor),
        fromStatus: order.status,
        toStatus: updated.status,
        data: { ...decision.auditData, postings: postings.map((p) => p.kind) },
        at: now,
      });
      const message = decision.notifySeller?.(updated) ?? null;
      if (message) await enqueueForSeller(deps, tx, updated.sellerId, message, now);
      for (const sms of decision.sms?.(updated) ?? []) await enqueueSms(deps, tx, sms, now);
      const event: OrderChangedEvent = { type: 'order.changed', orderId: order.id, sellerId: order.sellerId, status: updated.status, action: args.action, at: now.toISOString() };
      if (tx.commitEvents) tx.commitEvents.publishOnCommit([event]);
      else published = event;
      // Without `decision.result` V is Order (the default type argument): the order is the result.
      return ok(decision.result ? decision.result(updated) : (updated as unknown as V));
    }, options);
  } catch (error) {
    if (error instanceof RollbackError) return { ok: false, error: error.domainError };
    throw error;
  }
  if (published) await publishQuietly(deps, [published]);
  return result;
}

/**
 * A message to the order's seller, as the seller chose to be told (sellerNotifications) and in
 * the seller's language (decision 0066), in the change's transaction.
 */
export async function enqueueForSeller(
  deps: Pick<EscrowDeps, 'random'>,
  tx: EscrowTx,
  sellerId: string,
  message: LocalizedSellerMessage,
  now: Date,
): Promise<void> {
  const seller: SellerRef | undefined = await tx.sellers.get(sellerId);
  if (!seller) return;
  for (const notification of sellerNotifications(seller, message(textsFor(seller.locale)))) await enqueueNotification(deps, tx, notification, now);
}

/** A text message to a phone (E.164), from the outbox after commit. */
export async function enqueueSms(deps: Pick<EscrowDeps, 'random'>, tx: EscrowTx, sms: { to: string; body: string; sensitive?: boolean }, now: Date): Promise<void> {
  const notification: Notification = { channel: 'sms', to: sms.to, subject: '', body: sms.body, ...(sms.sensitive ? { sensitive: true } : {}) };
  await enqueueNotification(deps, tx, notification, now);
}

/** Live updates are best-effort: a failed publish never fails a committed change. */
export async function publishQuietly(deps: EscrowDeps, events: OrderChangedEvent[]): Promise<void> {
  if (!deps.events) return;
  try {
    await deps.events.publish(events);
  } catch {
    // Screens re-fetch on reconnect and poll; the change itself is committed.
  }
}
