import type { SimPrompt } from '../public-types.js';

/**
 * The STK callback exactly as Daraja POSTs it: ResultCode an integer; CallbackMetadata only on
 * success, its Balance item without a Value, TransactionDate and PhoneNumber as numbers.
 */
export function stkCallbackBody(prompt: SimPrompt): unknown {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: prompt.merchantRequestId,
    CheckoutRequestID: prompt.checkoutRequestId,
    ResultCode: prompt.resultCode,
    ResultDesc: prompt.resultDesc,
  };
  if (prompt.status === 'succeeded') {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: prompt.amountPaid },
        { Name: 'MpesaReceiptNumber', Value: prompt.receiptNumber },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(prompt.transactionDate) },
        { Name: 'PhoneNumber', Value: Number(prompt.msisdn) },
      ],
    };
  }
  return { Body: { stkCallback } };
}
