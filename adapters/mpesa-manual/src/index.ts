import type { Cents, PaymentGateway, PaymentInstructions, PaymentVerification } from '@escrow/core';

export interface PaybillDetails {
  readonly businessNumber: string;
  readonly accountName: string;
}

/**
 * The manual Paybill (default): buyers pay the platform Paybill with the order's tracking
 * number as account number and type in their M-Pesa confirmation code. This adapter cannot
 * ask Safaricom, so every claim is `unverifiable`: it is recorded (unique per receipt) and
 * must be reconciled against the Paybill statement. The Daraja adapter answers `verified`.
 */
export class ManualPaybillGateway implements PaymentGateway {
  async verify(): Promise<PaymentVerification> {
    return { status: 'unverifiable' };
  }
}

/** What the buyer page shows: where to pay and how much. */
export function paymentInstructions(details: PaybillDetails, order: { trackingNumber: string; price: Cents }): PaymentInstructions {
  return { businessNumber: details.businessNumber, accountNumber: order.trackingNumber, accountName: details.accountName, amount: order.price };
}
