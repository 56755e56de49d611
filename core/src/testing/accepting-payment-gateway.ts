import type { PaymentGateway, PaymentVerification } from '../ports/payment-gateway.js';

/** Like the manual Paybill: it cannot verify, so every well-formed claim is recorded. */
export const unverifiablePayments: PaymentGateway = {
  verify: async (): Promise<PaymentVerification> => ({ status: 'unverifiable' }),
};
