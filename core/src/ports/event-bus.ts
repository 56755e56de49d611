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
  readonly at: string;
}

export type DomainEvent = OrderChangedEvent | SellerChangedEvent;

/**
 * Fan-out of committed changes to subscribers (server-sent events). In-process on one node,
 * PostgreSQL LISTEN/NOTIFY across nodes. Delivery is best-effort: screens also re-fetch.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
}
