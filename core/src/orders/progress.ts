import type { OrderStatus } from './order-status.js';

/** Spec section 4: progress percentage per status. */
export const PROGRESS_PERCENT: Readonly<Record<OrderStatus, number>> = {
  draft: 0,
  awaiting_payment: 0,
  paid: 25,
  rider_assigned: 50,
  picked_up: 75,
  in_transit: 75,
  delivered: 100,
  awaiting_settlement: 100,
  settlement_completed: 100,
  completed: 100,
  cancelled: 0,
};

export const PROGRESS_STEPS = ['Payment', 'Rider Assigned', 'On Route', 'Delivered'] as const;

/** How many of the four steps are done (0..4). */
export function completedSteps(status: OrderStatus): number {
  return PROGRESS_PERCENT[status] / 25;
}

/** Spec section 4: what the buyer sees. */
export const BUYER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Waiting for Payment',
  awaiting_payment: 'Waiting for Payment',
  paid: 'Payment Confirmed - Assigning Rider',
  rider_assigned: 'Rider is Preparing to Pick Up',
  picked_up: 'Your Order is On The Way!',
  in_transit: 'Your Order is On The Way!',
  delivered: 'Delivered Successfully! Please Rate Your Experience',
  awaiting_settlement: 'Delivered Successfully! Please Rate Your Experience',
  settlement_completed: 'Order Completed',
  completed: 'Order Delivered Successfully',
  cancelled: 'Order Cancelled',
};

/** Spec section 2 (admin orders table): two named labels, else the first '_' becomes a space. */
export function adminStatusLabel(status: OrderStatus): string {
  if (status === 'awaiting_settlement') return 'Awaiting Escrow Payment';
  if (status === 'settlement_completed') return 'Settlement Paid';
  return status.replace('_', ' ');
}
