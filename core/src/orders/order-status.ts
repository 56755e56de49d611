import { err, ok, type Result } from '../errors.js';
import { ORDER_STATUSES, type OrderStatus } from '../rules/order-statuses.js';

// The statuses and payment methods are rules the screens share (`@escrow/core/rules`).
export {
  BEFORE_DELIVERY_STATUSES,
  DELIVERED_STATUSES,
  DISPLAY_ONLY_STATUSES,
  ON_THE_WAY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  paymentUnverified,
  TERMINAL_STATUSES,
  type OrderStatus,
  type PaymentMethod,
} from '../rules/order-statuses.js';

export function parseOrderStatus(value: unknown): Result<OrderStatus> {
  if (typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)) {
    return ok(value as OrderStatus);
  }
  return err('INVALID_STATUS', { detail: `unknown order status: ${String(value)}` });
}
