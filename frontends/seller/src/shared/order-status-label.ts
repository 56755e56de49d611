import type { OrderStatus } from '@escrow/core/orders';

/**
 * How the seller's screens name a status: what has happened and, where the seller must act,
 * what comes next. (The buyer's wording, "Your Order is On The Way!", speaks to the buyer.)
 */
export const SELLER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Draft',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid - assign a rider',
  rider_assigned: 'Rider assigned',
  picked_up: 'Picked up',
  in_transit: 'On the way',
  delivered: 'Delivered',
  awaiting_settlement: 'Delivered - awaiting settlement',
  settlement_completed: 'Settled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A colour group for the status badge. */
export function statusTone(status: OrderStatus): 'waiting' | 'action' | 'moving' | 'done' | 'cancelled' {
  switch (status) {
    case 'paid':
      return 'action';
    case 'rider_assigned':
    case 'picked_up':
    case 'in_transit':
      return 'moving';
    case 'delivered':
    case 'awaiting_settlement':
    case 'settlement_completed':
    case 'completed':
      return 'done';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'waiting';
  }
}
