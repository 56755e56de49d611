import { z } from 'zod';
import { readReply, type DarajaContext } from './daraja-context.js';
import { DarajaError } from './daraja-error.js';
import { DarajaInputError } from './daraja-input-error.js';
import { GENERIC_FAILURE } from './error-codes.js';
import { nairobiTimestamp, stkPassword } from './timestamp.js';
import { resultCodeSchema, type ResultCode } from './wire-fields.js';

export type StkQueryResult =
  | { readonly status: 'pending' }
  | {
      readonly status: 'final';
      /** Read it with stkResultCodeMeaning: only 0 means paid. */
      readonly resultCode: ResultCode;
      readonly resultDesc: string;
      readonly merchantRequestId: string;
      readonly checkoutRequestId: string;
    };

// ResultCode is a string here (an integer in the callback); both are accepted.
const replySchema = z.object({
  ResponseCode: z.union([z.string(), z.number().transform(String)]).optional(),
  ResponseDescription: z.string().optional(),
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResultCode: resultCodeSchema,
  ResultDesc: z.string(),
});

/** The customer has not answered yet: HTTP 500, 500.001.1001 "The transaction is being processed". */
function isStillProcessing(error: unknown): boolean {
  if (!(error instanceof DarajaError) || error.errorCode !== GENERIC_FAILURE) return false;
  return /being processed|under processing/i.test(error.errorMessage ?? '');
}

/** Asks how an STK Push ended. Idempotent: retried on timeouts and network failures. */
export async function stkQuery(context: DarajaContext, checkoutRequestId: string): Promise<StkQueryResult> {
  if (checkoutRequestId.trim() === '') throw new DarajaInputError('checkoutRequestId', 'checkoutRequestId must not be empty');
  const { shortcode, passkey } = context.config;
  const timestamp = nairobiTimestamp(context.now());
  let json: unknown;
  try {
    json = await context.post(
      'STK Query',
      '/mpesa/stkpushquery/v1/query',
      { BusinessShortCode: shortcode, Password: stkPassword(shortcode, passkey, timestamp), Timestamp: timestamp, CheckoutRequestID: checkoutRequestId },
      { idempotent: true },
    );
  } catch (error) {
    if (isStillProcessing(error)) return { status: 'pending' };
    throw error;
  }
  const reply = readReply('STK Query', replySchema, json, true);
  return {
    status: 'final',
    resultCode: reply.ResultCode,
    resultDesc: reply.ResultDesc,
    merchantRequestId: reply.MerchantRequestID,
    checkoutRequestId: reply.CheckoutRequestID,
  };
}
