import type { OrderStatus } from '@escrow/core/orders';
import type { RiderMessageId } from '../i18n/en.ts';

/**
 * The status in the rider's words, as a message id (the spec's labels of section 4 speak to the
 * buyer: 'Your Order is On The Way!'). The rider sees the next thing to do.
 */
export function riderStatusLabel(status: OrderStatus, accepted: boolean): RiderMessageId {
  switch (status) {
    case 'rider_assigned':
      return accepted ? 'rider.status.goToPickup' : 'rider.status.newJob';
    case 'picked_up':
    case 'in_transit':
      return 'rider.status.onTheWay';
    case 'delivered':
    case 'awaiting_settlement':
    case 'settlement_completed':
    case 'completed':
      return 'rider.status.delivered';
    case 'cancelled':
      return 'rider.status.cancelled';
    case 'paid':
      return 'rider.status.waitingForRider';
    default:
      return 'rider.status.waitingForPayment';
  }
}
