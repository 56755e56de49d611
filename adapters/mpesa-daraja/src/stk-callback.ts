import { z } from 'zod';
import { describeIssues, parseError, parsed, type ParseResult } from './parse-result.js';
import { decimalShillingsToCents } from './shillings.js';
import { resultCodeSchema, scalarText, type ResultCode } from './wire-fields.js';

export interface StkCallbackMetadata {
  readonly amountShillings: number;
  /** MpesaReceiptNumber, e.g. NLJ7RT61SV: the key to de-duplicate and reconcile on. */
  readonly receipt: string;
  /** yyyyMMddHHmmss, Nairobi time. */
  readonly transactionDate: string;
  /** As sent (2547...); Safaricom may mask it one day as it did for C2B, so it is not checked. */
  readonly phone: string;
  /** Often sent with no Value at all. */
  readonly balance?: string;
}

export interface StkCallback {
  readonly merchantRequestId: string;
  readonly checkoutRequestId: string;
  /** A number for every documented code except SFC_IC0003; read it with stkResultCodeMeaning. */
  readonly resultCode: ResultCode;
  readonly resultDesc: string;
  /** Present exactly when resultCode is 0. */
  readonly metadata?: StkCallbackMetadata;
}

const item = z.object({ Name: z.string(), Value: scalarText.optional() });

const callbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1),
      CheckoutRequestID: z.string().min(1),
      ResultCode: resultCodeSchema,
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(item) }).optional(),
    }),
  }),
});

/** Items come in any order and unknown names are ignored; the ones that matter must be there. */
function readMetadata(items: readonly z.output<typeof item>[]): ParseResult<StkCallbackMetadata> {
  const value = (name: string) => items.find((entry) => entry.Name === name)?.Value;
  const amount = value('Amount');
  const receipt = value('MpesaReceiptNumber');
  const transactionDate = value('TransactionDate');
  const phone = value('PhoneNumber');
  const balance = value('Balance');

  const cents = amount === undefined ? null : decimalShillingsToCents(amount);
  if (cents === null || cents % 100 !== 0 || cents === 0) {
    return parseError(`STK callback: Amount ${amount === undefined ? 'is missing' : `"${amount}" is not a positive whole number of shillings`}`);
  }
  if (!receipt) return parseError('STK callback: MpesaReceiptNumber is missing');
  if (transactionDate === undefined || !/^\d{14}$/.test(transactionDate)) {
    return parseError(`STK callback: TransactionDate ${transactionDate === undefined ? 'is missing' : `"${transactionDate}" is not yyyyMMddHHmmss`}`);
  }
  if (!phone) return parseError('STK callback: PhoneNumber is missing');
  return parsed({
    amountShillings: cents / 100,
    receipt,
    transactionDate,
    phone,
    ...(balance !== undefined && balance !== '' ? { balance } : {}),
  });
}

/**
 * The STK Push result posted to CallBackURL. Callbacks are not signed: treat a parsed callback
 * as a hint and confirm it with STK Query before moving money.
 */
export function parseStkCallback(json: unknown): ParseResult<StkCallback> {
  const result = callbackSchema.safeParse(json);
  if (!result.success) return parseError(describeIssues('STK callback', result.error));
  const callback = result.data.Body.stkCallback;
  const base = {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
  };
  // Metadata only describes a payment that happened; on failure it is ignored even if present.
  if (callback.ResultCode !== 0) return parsed(base);
  if (!callback.CallbackMetadata) return parseError('STK callback: ResultCode 0 without CallbackMetadata (no receipt)');
  const metadata = readMetadata(callback.CallbackMetadata.Item);
  return metadata.ok ? parsed({ ...base, metadata: metadata.value }) : parseError(metadata.error);
}
