import type { OrderStatus } from '@escrow/core/orders';
import type { BadgeTone } from '@escrow/ui/components/status-badge';

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

/** The status badge's tone: waiting, the seller must act, on its way, done, or cancelled. */
export function statusTone(status: OrderStatus): BadgeTone {
  switch (status) {
    case 'paid':
      return 'attention';
    case 'rider_assigned':
    case 'picked_up':
    case 'in_transit':
      return 'info';
    case 'delivered':
    case 'awaiting_settlement':
    case 'settlement_completed':
    case 'completed':
      return 'success';
    case 'cancelled':
      return 'neutral';
    default:
      return 'warning';
  }
}
