import { err, ok, type Result } from '../errors.js';
import { cents, type Cents } from './cents.js';
import { serviceFee, type FeePolicy } from './fee-policy.js';

export type DeliveryPaidBy = 'buyer' | 'seller';
export const DELIVERY_PAID_BY: readonly DeliveryPaidBy[] = ['buyer', 'seller'];

export interface OrderMoney {
  readonly price: Cents;
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly serviceFee: Cents;
  readonly sellerPayout: Cents;
  readonly riderPayout: Cents;
  /** The part of the price that goes to the rider at settlement (seller pays delivery). */
  readonly deliveryDeduction: Cents;
}

/**
 * The payout rule (PRODUCT-DECISIONS, Money): service_fee + seller_payout + deduction = price.
 * - buyer pays delivery: the rider is paid at the door, outside escrow; deduction 0.
 * - seller pays delivery: the rider is paid delivery_cost out of the seller's proceeds.
 */
export function computeOrderMoney(input: {
  price: Cents;
  deliveryCost: Cents;
  deliveryPaidBy: DeliveryPaidBy;
  policy: FeePolicy;
}): Result<OrderMoney> {
  const { price, deliveryCost, deliveryPaidBy, policy } = input;
  const fee = serviceFee(price, policy);
  const deduction = deliveryPaidBy === 'seller' ? deliveryCost : 0;
  const sellerPayout = price - fee - deduction;
  if (sellerPayout < 0) {
    return err('DELIVERY_COST_EXCEEDS_PROCEEDS', {
      detail: `delivery cost ${deliveryCost} exceeds price ${price} minus fee ${fee}`,
    });
  }
  return ok({
    price,
    deliveryCost,
    deliveryPaidBy,
    serviceFee: fee,
    sellerPayout: cents(sellerPayout),
    riderPayout: deliveryCost,
    deliveryDeduction: cents(deduction),
  });
}
