import { z } from 'zod';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaInputError } from './daraja-input-error.js';
import { normalizeKenyanMsisdn } from './msisdn.js';
import { checkHttpUrl, checkWholeShillings } from './request-checks.js';
import { nairobiTimestamp, stkPassword } from './timestamp.js';

export const MAX_ACCOUNT_REFERENCE = 12;
export const MAX_TRANSACTION_DESC = 13;

export interface StkPushRequest {
  /** Any common Kenyan form; sent as 2547XXXXXXXX / 2541XXXXXXXX in PartyA and PhoneNumber. */
  readonly phone: string;
  /** Whole shillings (see wholeShillingsCovering). */
  readonly amountShillings: number;
  /** At most 12 characters; shown to the customer in the prompt. */
  readonly accountReference: string;
  /** Cut to 13 characters. */
  readonly description?: string;
  readonly callbackUrl: string;
}

export interface StkPushAccepted {
  readonly merchantRequestId: string;
  /** The key for STK Query and for matching the callback. */
  readonly checkoutRequestId: string;
  readonly responseCode: string;
  readonly customerMessage: string;
}

const replySchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number().transform(String)]),
  ResponseDescription: z.string().optional(),
  CustomerMessage: z.string().optional(),
});

function stkPushBody(context: DarajaContext, request: StkPushRequest): Record<string, unknown> {
  const phone = normalizeKenyanMsisdn(request.phone);
  if (!phone) throw new DarajaInputError('phone', `phone "${request.phone}" is not a Kenyan mobile number (07XX, 01XX, 2547XX, +2547XX)`);
  checkWholeShillings('amountShillings', request.amountShillings);
  const reference = request.accountReference;
  if (reference.trim() === '' || reference.length > MAX_ACCOUNT_REFERENCE) {
    // Refused, not cut: the reference is how the payment is matched to the order.
    throw new DarajaInputError('accountReference', `accountReference must be 1 to ${MAX_ACCOUNT_REFERENCE} characters, got "${reference}" (${reference.length})`);
  }
  checkHttpUrl('callbackUrl', request.callbackUrl);
  // The description is only shown to the customer: cut rather than fail a payment over it.
  const description = (request.description?.trim() || 'Payment').slice(0, MAX_TRANSACTION_DESC);
  const { shortcode, passkey, transactionType, partyB } = context.config;
  const timestamp = nairobiTimestamp(context.now());
  return {
    BusinessShortCode: shortcode,
    Password: stkPassword(shortcode, passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: transactionType,
    Amount: request.amountShillings,
    PartyA: phone,
    PartyB: partyB,
    PhoneNumber: phone,
    CallBackURL: request.callbackUrl,
    AccountReference: reference,
    TransactionDesc: description,
  };
}

/**
 * Sends the payment prompt to the customer's phone. Not idempotent: it is never retried after a
 * timeout (a second push would prompt the customer twice); resolve an unanswered push with STK
 * Query. The money is only in once the callback or STK Query says ResultCode 0.
 */
export async function stkPush(context: DarajaContext, request: StkPushRequest): Promise<StkPushAccepted> {
  const body = stkPushBody(context, request);
  const json = await context.post('STK Push', '/mpesa/stkpush/v1/processrequest', body, { idempotent: false });
  const reply = readReply('STK Push', replySchema, json, false);
  requireAccepted('STK Push', reply.ResponseCode, reply.ResponseDescription ?? reply.CustomerMessage ?? '');
  return {
    merchantRequestId: reply.MerchantRequestID,
    checkoutRequestId: reply.CheckoutRequestID,
    responseCode: reply.ResponseCode,
    customerMessage: reply.CustomerMessage ?? '',
  };
}
