import type { OrderStatus } from '@escrow/core/orders';

/**
 * The status in the rider's words (the spec's labels of section 4 speak to the buyer: 'Your
 * Order is On The Way!'). The rider sees the next thing to do.
 */
export function riderStatusLabel(status: OrderStatus, accepted: boolean): string {
  switch (status) {
    case 'rider_assigned':
      return accepted ? 'Go to the pickup location' : 'New job: accept it to start';
    case 'picked_up':
    case 'in_transit':
      return 'On the way to the buyer';
    case 'delivered':
    case 'awaiting_settlement':
    case 'settlement_completed':
    case 'completed':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'paid':
      return 'Waiting for a rider';
    default:
      return 'Waiting for payment';
  }
}
