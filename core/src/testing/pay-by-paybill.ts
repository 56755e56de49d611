import type { Cents } from '../money/cents.js';
import type { Order } from '../orders/order.js';
import type { EscrowDeps } from '../use-cases/deps.js';
import { recordC2bPayment } from '../use-cases/payments/record-c2b-payment.js';

let counter = 0;

/** A fresh 10-character receipt, M-Pesa's shape (tests only). */
export function testReceipt(): string {
  counter += 1;
  return `TP${(Date.now() % 1e5).toString(36).toUpperCase().padStart(4, '0')}${counter.toString(36).toUpperCase().padStart(4, '0')}`.slice(0, 10);
}

/**
 * Tests and seed data: the buyer pays the order's price to the Paybill and M-Pesa's C2B
 * confirmation arrives (what `npm start` does through the simulator), so the order is paid with
 * a verified payment. Returns the receipt; throws if the order did not become paid.
 */
export async function payByPaybill(deps: EscrowDeps, order: Pick<Order, 'id' | 'trackingNumber' | 'price'>, receipt: string = testReceipt()): Promise<string> {
  const result = await recordC2bPayment(deps, {
    transId: receipt,
    billRefNumber: order.trackingNumber,
    amount: order.price as Cents,
    msisdn: 'test-payer',
    payerName: 'TEST PAYER',
    businessShortCode: '174379',
    transTime: '20261125120000',
  });
  if (!result.ok || result.value.outcome !== 'paid_order') throw new Error(`payByPaybill: order ${order.id} not paid: ${JSON.stringify(result)}`);
  return receipt;
}
