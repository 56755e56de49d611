/** Every status of spec section 4. */
export const ORDER_STATUSES = [
  'draft',
  'awaiting_payment',
  'paid',
  'rider_assigned',
  'picked_up',
  'in_transit',
  'delivered',
  'awaiting_settlement',
  'settlement_completed',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['mpesa_prepay', 'mpesa_pod', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Kept for display only (PRODUCT-DECISIONS): no transition leads to them. `picked_up` is in
 * the spec's list but its flow goes rider_assigned -> in_transit on the pickup photo.
 */
export const DISPLAY_ONLY_STATUSES: readonly OrderStatus[] = ['draft', 'delivered', 'picked_up'];

export const TERMINAL_STATUSES: readonly OrderStatus[] = ['settlement_completed', 'completed', 'cancelled'];

/**
 * Paid (or a cash order under way) and not yet delivered: the delivery code is still the buyer's
 * to give or to withhold. The statuses whose progress is past 0 % and short of 100 %.
 */
export const BEFORE_DELIVERY_STATUSES: readonly OrderStatus[] = ['paid', 'rider_assigned', 'picked_up', 'in_transit'];

/** The rider has the item and is on the way to the buyer (progress 75 %). */
export const ON_THE_WAY_STATUSES: readonly OrderStatus[] = ['picked_up', 'in_transit'];

/** The buyer gave the code: delivered, settled or not (progress 100 %). */
export const DELIVERED_STATUSES: readonly OrderStatus[] = ['delivered', 'awaiting_settlement', 'settlement_completed', 'completed'];

/**
 * Money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money): an M-Pesa order with no
 * verification (paid on a typed receipt alone, or not paid). No payout or refund moves it.
 * Cash orders have no M-Pesa payment to verify.
 */
export function paymentUnverified(order: { readonly paymentMethod: string; readonly paymentVerifiedBy: string | null }): boolean {
  return order.paymentMethod !== 'cash' && order.paymentVerifiedBy === null;
}
