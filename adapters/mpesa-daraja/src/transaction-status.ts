import { z } from 'zod';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaInputError } from './daraja-input-error.js';
import { checkHttpUrl } from './request-checks.js';

/** Exactly one of `receipt` and `originalConversationId` says which transaction is asked about. */
export interface TransactionStatusRequest {
  /** The M-Pesa receipt (TransactionID), e.g. NLJ7RT61SV. */
  readonly receipt?: string;
  /**
   * The OriginatorConversationID of a payout whose receipt we never got (its Result was lost,
   * or its request timed out): sent as OriginalConversationID, the Daraja portal's name for it.
   */
  readonly originalConversationId?: string;
  /** Where the asynchronous Result is posted (read it with parseResultCallback). */
  readonly resultUrl: string;
  readonly queueTimeoutUrl: string;
  /** 2 to 100 characters; longer is cut. */
  readonly remarks: string;
  readonly occasion?: string;
  /** This query's own id (echoed in its reply and Result), not the transaction's. */
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
 * Asks M-Pesa about a receipt, or about a payout by its OriginatorConversationID (how a payout
 * whose request timed out is resolved: asked about, never sent again); the answer arrives at resultUrl. Not retried after a timeout:
 * the first request may have been accepted, and its Result will still arrive; a new request can
 * be sent later, with a new OriginatorConversationID.
 */
export async function transactionStatus(context: DarajaContext, request: TransactionStatusRequest): Promise<TransactionStatusAccepted> {
  const { initiatorName, securityCredential, shortcode } = context.config;
  if (!initiatorName || !securityCredential) {
    throw new DarajaInputError('initiatorName', 'Transaction Status needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL, which are not configured');
  }
  const { receipt, originalConversationId } = request;
  if ((receipt === undefined) === (originalConversationId === undefined)) throw new DarajaInputError('receipt', 'give either receipt or originalConversationId');
  if (receipt !== undefined && !/^[A-Za-z0-9]+$/.test(receipt)) throw new DarajaInputError('receipt', `receipt must be an M-Pesa receipt such as NLJ7RT61SV, got "${receipt}"`);
  if (originalConversationId !== undefined && !/^[\x21-\x7e]{1,100}$/.test(originalConversationId)) {
    throw new DarajaInputError('originalConversationId', `originalConversationId must be 1 to 100 printable characters without spaces, got "${originalConversationId}"`);
  }
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
      ...(receipt !== undefined ? { TransactionID: receipt } : { OriginalConversationID: originalConversationId }),
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
