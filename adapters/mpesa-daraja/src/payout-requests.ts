import { z } from 'zod';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaInputError } from './daraja-input-error.js';
import { normalizeKenyanMsisdn } from './msisdn.js';
import { noTokenOutcome, payoutFailureOutcome, type PayoutRequestOutcome } from './payout-outcome.js';
import { checkHttpUrl, checkWholeShillings } from './request-checks.js';

export const MAX_B2B_ACCOUNT_REFERENCE = 13;

/** Where the asynchronous Result goes (parsePayoutResult reads it), and the queue timeout notice. */
interface ResultUrls {
  readonly resultUrl: string;
  readonly queueTimeoutUrl: string;
}

export interface B2cPaymentRequest extends ResultUrls {
  /** Our idempotency key, derived from the payout id: Daraja refuses it a second time (500.002.1001). */
  readonly originatorConversationId: string;
  /** Any common Kenyan form; sent as 2547XXXXXXXX / 2541XXXXXXXX. */
  readonly phone: string;
  /** Whole shillings. */
  readonly amountShillings: number;
  /** Default BusinessPayment. */
  readonly commandId?: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
  /** 2 to 100 characters; longer is cut. */
  readonly remarks: string;
  readonly occasion?: string;
}

export interface B2bPaymentRequest extends ResultUrls {
  readonly originatorConversationId: string;
  /** A Paybill (BusinessPayBill, with the account to credit) or a till (BusinessBuyGoods). */
  readonly destination: { readonly kind: 'paybill'; readonly businessNumber: string; readonly accountReference: string } | { readonly kind: 'till'; readonly tillNumber: string };
  readonly amountShillings: number;
  readonly remarks: string;
  readonly occasion?: string;
  /** The customer on whose behalf the business pays, if any. */
  readonly requesterPhone?: string;
}

export interface ReversalRequest extends ResultUrls {
  /** Sent when given (our key for the reversal); Daraja makes one up otherwise. */
  readonly originatorConversationId?: string;
  /** The receipt of the payment to reverse (TransactionID), paid to our shortcode. */
  readonly receipt: string;
  /** The whole amount of that payment, in shillings. */
  readonly amountShillings: number;
  readonly remarks: string;
  readonly occasion?: string;
}

const replySchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number().transform(String)]),
  ResponseDescription: z.string().optional().default(''),
});

function initiator(context: DarajaContext, operation: string): { name: string; credential: string } {
  const { initiatorName, securityCredential } = context.config;
  if (!initiatorName || !securityCredential) throw new DarajaInputError('initiatorName', `${operation} needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL, which are not configured`);
  return { name: initiatorName, credential: securityCredential };
}

function checkOriginatorConversationId(value: string): void {
  // It becomes our key in Daraja's records and in our callbacks: printable, no spaces, bounded.
  if (!/^[\x21-\x7e]{1,100}$/.test(value)) throw new DarajaInputError('originatorConversationId', `originatorConversationId must be 1 to 100 printable characters without spaces, got "${value}"`);
}

function checkRemarks(value: string): string {
  const remarks = value.trim();
  if (remarks.length < 2) throw new DarajaInputError('remarks', 'remarks must be at least 2 characters (Daraja takes 2 to 100)');
  return remarks.slice(0, 100);
}

function checkUrls(request: ResultUrls): void {
  checkHttpUrl('resultUrl', request.resultUrl);
  checkHttpUrl('queueTimeoutUrl', request.queueTimeoutUrl);
}

/**
 * Sends one money-moving request and reads Daraja's acceptance. Never retried after it may have
 * been sent (timeouts, cut connections: the transport treats it as not idempotent); throttling
 * and a refused token, which Daraja answers without processing, are retried by the transport.
 */
async function send(context: DarajaContext, operation: string, path: string, originatorConversationId: string, build: () => Record<string, unknown>): Promise<PayoutRequestOutcome> {
  let body: Record<string, unknown>;
  try {
    body = build();
    // The token first, on its own: a failure there sent nothing, so it is a refusal the caller
    // may retry, not an "unknown" that needs a status query.
    await context.accessToken();
  } catch (error) {
    return error instanceof DarajaInputError ? payoutFailureOutcome(error, originatorConversationId) : noTokenOutcome(error);
  }
  try {
    const json = await context.post(operation, path, body, { idempotent: false });
    const reply = readReply(operation, replySchema, json, false);
    requireAccepted(operation, reply.ResponseCode, reply.ResponseDescription);
    return { status: 'accepted', conversationId: reply.ConversationID, originatorConversationId: reply.OriginatorConversationID };
  } catch (error) {
    return payoutFailureOutcome(error, originatorConversationId);
  }
}

/** Pays a phone from the B2C shortcode (B2C v3). */
export function b2cPayment(context: DarajaContext, request: B2cPaymentRequest): Promise<PayoutRequestOutcome> {
  return send(context, 'B2C payment', '/mpesa/b2c/v3/paymentrequest', request.originatorConversationId, () => {
    const { name, credential } = initiator(context, 'B2C');
    checkOriginatorConversationId(request.originatorConversationId);
    const phone = normalizeKenyanMsisdn(request.phone);
    if (!phone) throw new DarajaInputError('phone', `phone "${request.phone}" is not a Kenyan mobile number (07XX, 01XX, 2547XX, +2547XX)`);
    checkWholeShillings('amountShillings', request.amountShillings);
    const remarks = checkRemarks(request.remarks);
    checkUrls(request);
    const occasion = (request.occasion ?? '').slice(0, 100);
    return {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: name,
      SecurityCredential: credential,
      CommandID: request.commandId ?? 'BusinessPayment',
      Amount: request.amountShillings,
      PartyA: context.config.payoutShortcode ?? context.config.shortcode,
      PartyB: phone,
      Remarks: remarks,
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
      // Sic: the documented spelling (libraries also send "Occasion").
      Occassion: occasion,
    };
  });
}

/** Pays a Paybill (with an account) or a till from the B2B shortcode. */
export function b2bPayment(context: DarajaContext, request: B2bPaymentRequest): Promise<PayoutRequestOutcome> {
  return send(context, 'B2B payment', '/mpesa/b2b/v1/paymentrequest', request.originatorConversationId, () => {
    const { name, credential } = initiator(context, 'B2B');
    checkOriginatorConversationId(request.originatorConversationId);
    const { destination } = request;
    const partyB = destination.kind === 'paybill' ? destination.businessNumber : destination.tillNumber;
    if (!/^\d{5,9}$/.test(partyB)) throw new DarajaInputError('destination', `a ${destination.kind} number is 5 to 9 digits, got "${partyB}"`);
    let accountReference = '';
    if (destination.kind === 'paybill') {
      accountReference = destination.accountReference.trim();
      // Refused, not cut: the reference is how the business credits the right account.
      if (accountReference === '' || accountReference.length > MAX_B2B_ACCOUNT_REFERENCE) {
        throw new DarajaInputError('accountReference', `accountReference must be 1 to ${MAX_B2B_ACCOUNT_REFERENCE} characters, got "${accountReference}" (${accountReference.length})`);
      }
    }
    const requester = request.requesterPhone === undefined ? undefined : normalizeKenyanMsisdn(request.requesterPhone);
    if (requester === null) throw new DarajaInputError('requesterPhone', `requesterPhone "${request.requesterPhone}" is not a Kenyan mobile number`);
    checkWholeShillings('amountShillings', request.amountShillings);
    const remarks = checkRemarks(request.remarks);
    checkUrls(request);
    const occasion = (request.occasion ?? '').slice(0, 100);
    return {
      // Not in B2B's documented request; sent so the payout carries the same key as a B2C one.
      OriginatorConversationID: request.originatorConversationId,
      Initiator: name,
      SecurityCredential: credential,
      CommandID: destination.kind === 'paybill' ? 'BusinessPayBill' : 'BusinessBuyGoods',
      SenderIdentifierType: '4',
      RecieverIdentifierType: '4',
      Amount: request.amountShillings,
      PartyA: context.config.payoutShortcode ?? context.config.shortcode,
      PartyB: partyB,
      ...(destination.kind === 'paybill' ? { AccountReference: accountReference } : {}),
      ...(requester ? { Requester: requester } : {}),
      Remarks: remarks,
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
      Occassion: occasion,
    };
  });
}

/** Reverses a payment our shortcode received (an STK or C2B receipt). */
export function reversal(context: DarajaContext, request: ReversalRequest): Promise<PayoutRequestOutcome> {
  return send(context, 'Reversal', '/mpesa/reversal/v1/request', request.originatorConversationId ?? '', () => {
    const { name, credential } = initiator(context, 'Reversal');
    if (request.originatorConversationId !== undefined) checkOriginatorConversationId(request.originatorConversationId);
    if (!/^[A-Za-z0-9]{1,20}$/.test(request.receipt)) throw new DarajaInputError('receipt', `receipt must be an M-Pesa receipt such as NLJ7RT61SV, got "${request.receipt}"`);
    checkWholeShillings('amountShillings', request.amountShillings);
    const remarks = checkRemarks(request.remarks);
    checkUrls(request);
    return {
      Initiator: name,
      SecurityCredential: credential,
      CommandID: 'TransactionReversal',
      TransactionID: request.receipt,
      Amount: request.amountShillings,
      ReceiverParty: context.config.shortcode,
      RecieverIdentifierType: '11',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: remarks,
      Occasion: (request.occasion ?? '').slice(0, 100),
      ...(request.originatorConversationId ? { OriginatorConversationID: request.originatorConversationId } : {}),
    };
  });
}
