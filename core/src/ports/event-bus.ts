import type { OrderStatus } from '../orders/order-status.js';

/** What live screens are told after a change commits (spec section 7, realtime). */
export interface OrderChangedEvent {
  readonly type: 'order.changed';
  readonly orderId: string;
  readonly sellerId: string;
  readonly status: OrderStatus;
  readonly action: string;
  readonly at: string;
}

export interface SellerChangedEvent {
  readonly type: 'seller.changed';
  readonly sellerId: string;
  /** A new seller record, or an existing one changed (profile, payment details, anonymised). */
  readonly change?: 'created' | 'updated';
  readonly at: string;
}

/** A contact-form message arrived or an admin resolved one (admin Contacts tab). */
export interface ContactChangedEvent {
  readonly type: 'contact.changed';
  readonly contactId: string;
  readonly change: 'submitted' | 'resolved';
  readonly at: string;
}

/** An admin saved the Paybill shown to buyers; screens and caches re-read it. */
export interface PaymentConfigChangedEvent {
  readonly type: 'payment_config.changed';
  readonly at: string;
}

export type DomainEvent = OrderChangedEvent | SellerChangedEvent | ContactChangedEvent | PaymentConfigChangedEvent;

/**
 * Fan-out of committed changes to subscribers (server-sent events). In-process on one node,
 * PostgreSQL LISTEN/NOTIFY across nodes. Delivery is best-effort: screens also re-fetch.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /**
   * Events may have been missed (the bus lost its connection and has it back): `listener` is
   * told once per such gap, so live screens re-read instead of silently showing stale state.
   * Absent: the bus never misses events (one process).
   */
  onMissedEvents?(listener: () => void): () => void;
}
