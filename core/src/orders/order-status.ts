import { err, ok, type Result } from '../errors.js';

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

/**
 * Kept for display only (PRODUCT-DECISIONS): no transition leads to them. `picked_up` is in
 * the spec's list but its flow goes rider_assigned -> in_transit on the pickup photo.
 */
export const DISPLAY_ONLY_STATUSES: readonly OrderStatus[] = ['draft', 'delivered', 'picked_up'];

export const TERMINAL_STATUSES: readonly OrderStatus[] = ['settlement_completed', 'completed', 'cancelled'];

export function parseOrderStatus(value: unknown): Result<OrderStatus> {
  if (typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)) {
    return ok(value as OrderStatus);
  }
  return err('INVALID_STATUS', { detail: `unknown order status: ${String(value)}` });
}

export const PAYMENT_METHODS = ['mpesa_prepay', 'mpesa_pod', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
