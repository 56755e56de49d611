import { z } from 'zod';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaInputError } from './daraja-input-error.js';
import { checkHttpUrl } from './request-checks.js';

export interface TransactionStatusRequest {
  /** The M-Pesa receipt (TransactionID), e.g. NLJ7RT61SV. */
  readonly receipt: string;
  /** Where the asynchronous Result is posted (read it with parseResultCallback). */
  readonly resultUrl: string;
  readonly queueTimeoutUrl: string;
  /** 2 to 100 characters; longer is cut. */
  readonly remarks: string;
  readonly occasion?: string;
  readonly originatorConversationId?: string;
}

/** The request was accepted; the answer comes later to resultUrl. */
export interface TransactionStatusAccepted {
  readonly conversationId: string;
  readonly originatorConversationId: string;
  readonly responseCode: string;
  readonly responseDescription: string;
}

const replySchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number().transform(String)]),
  ResponseDescription: z.string().optional().default(''),
});

/**
 * Asks M-Pesa about a receipt; the answer arrives at resultUrl. Not retried after a timeout:
 * the first request may have been accepted, and its Result will still arrive; a new request can
 * be sent later, with a new OriginatorConversationID.
 */
export async function transactionStatus(context: DarajaContext, request: TransactionStatusRequest): Promise<TransactionStatusAccepted> {
  const { initiatorName, securityCredential, shortcode } = context.config;
  if (!initiatorName || !securityCredential) {
    throw new DarajaInputError('initiatorName', 'Transaction Status needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL, which are not configured');
  }
  if (!/^[A-Za-z0-9]+$/.test(request.receipt)) throw new DarajaInputError('receipt', `receipt must be an M-Pesa receipt such as NLJ7RT61SV, got "${request.receipt}"`);
  checkHttpUrl('resultUrl', request.resultUrl);
  checkHttpUrl('queueTimeoutUrl', request.queueTimeoutUrl);
  const remarks = request.remarks.trim();
  if (remarks.length < 2) throw new DarajaInputError('remarks', 'remarks must be at least 2 characters');
  const json = await context.post(
    'Transaction Status',
    '/mpesa/transactionstatus/v1/query',
    {
      Initiator: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: request.receipt,
      PartyA: shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: remarks.slice(0, 100),
      Occasion: request.occasion ?? '',
      ...(request.originatorConversationId ? { OriginatorConversationID: request.originatorConversationId } : {}),
    },
    { idempotent: false },
  );
  const reply = readReply('Transaction Status', replySchema, json, false);
  requireAccepted('Transaction Status', reply.ResponseCode, reply.ResponseDescription);
  return {
    conversationId: reply.ConversationID,
    originatorConversationId: reply.OriginatorConversationID,
    responseCode: reply.ResponseCode,
    responseDescription: reply.ResponseDescription,
  };
}
