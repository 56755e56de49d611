import type {
  MpesaGateway,
  StkPushOutcome,
  StkPushRequest as CoreStkPushRequest,
  StkQueryOutcome,
  TransactionStatusGateway,
  TransactionStatusOutcome,
  TransactionStatusRequest as CoreTransactionStatusRequest,
} from '@escrow/core';
import type { DarajaClient } from './daraja-client.js';
import { DarajaError } from './daraja-error.js';
import { DarajaInputError } from './daraja-input-error.js';
import { statusQueryFailure } from './status-query-failure.js';

/**
 * The core's MpesaGateway over the Daraja client. Every failure becomes a value the core acts
 * on: a push Daraja refused prompted nobody (`refused`); a push with no answer may have
 * (`unknown`, never sent again); a query that failed is asked again later (`unavailable`).
 */
export class DarajaMpesaGateway implements MpesaGateway {
  /** Present when the client has an initiator (MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL) and Results have somewhere to go. */
  readonly transactionStatus?: TransactionStatusGateway;

  constructor(
    private readonly client: DarajaClient,
    private readonly callbackUrl: string,
    statusUrls?: { readonly result: string; readonly timeout: string },
  ) {
    const { initiatorName, securityCredential, shortcode } = client.config;
    if (initiatorName && securityCredential && statusUrls) {
      this.transactionStatus = { shortCode: shortcode, query: (request) => this.queryStatus(request, statusUrls) };
    }
  }

  async stkPush(request: CoreStkPushRequest): Promise<StkPushOutcome> {
    try {
      const accepted = await this.client.stkPush({
        phone: request.msisdn,
        amountShillings: request.amount / 100,
        accountReference: request.accountReference,
        description: request.description,
        callbackUrl: this.callbackUrl,
      });
      return { status: 'accepted', checkoutRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId };
    } catch (error) {
      if (error instanceof DarajaInputError) return { status: 'refused', reason: error.message, retryable: false };
      if (error instanceof DarajaError) {
        // Only an answer from Daraja proves nothing was prompted; a timeout or a cut connection does not.
        if (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'invalid_response') return { status: 'unknown', reason: error.message };
        return { status: 'refused', reason: error.errorMessage ?? error.message, retryable: error.retryable || error.kind === 'throttled' };
      }
      return { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryOutcome> {
    try {
      const answer = await this.client.stkQuery(checkoutRequestId);
      if (answer.status === 'pending') return { status: 'pending' };
      const code = typeof answer.resultCode === 'number' ? answer.resultCode : Number.parseInt(answer.resultCode, 10);
      // A code that is not a number (SFC_IC0003) is final and not paid.
      return { status: 'final', resultCode: Number.isSafeInteger(code) ? code : -1, resultDesc: answer.resultDesc };
    } catch (error) {
      return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Transaction Status about a receipt. Never sent twice: after a timeout the query may have
   * been taken (its Result still comes); the core's next attempt is a new query with a new
   * OriginatorConversationID. Every refusal by Daraja may pass later (throttling, a token, an
   * initiator an operator fixes), so only a request this client refused before sending is final.
   */
  private async queryStatus(request: CoreTransactionStatusRequest, urls: { readonly result: string; readonly timeout: string }): Promise<TransactionStatusOutcome> {
    try {
      const accepted = await this.client.transactionStatus({
        receipt: request.receipt,
        resultUrl: urls.result,
        queueTimeoutUrl: urls.timeout,
        remarks: 'Verify a payment the buyer reported',
        occasion: request.occasion,
        originatorConversationId: request.originatorConversationId,
      });
      return { status: 'accepted', conversationId: accepted.conversationId, originatorConversationId: accepted.originatorConversationId };
    } catch (error) {
      return statusQueryFailure(error);
    }
  }
}
