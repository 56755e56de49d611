import type { PayoutGateway, PayoutReport, PayoutRequest, PayoutSendOutcome, PayoutStatusQueryOutcome, TransactionStatusResult } from '@escrow/core';
import type { DarajaClient } from './daraja-client.js';
import { statusQueryFailure } from './status-query-failure.js';
import type { PayoutResult } from './payout-result.js';
import { payoutResultCodeMeaning } from './payout-result-codes.js';

/** Where Daraja sends payout Results and the Results of status queries about payouts (decision 0051). */
export interface PayoutCallbackUrls {
  readonly result: string;
  readonly timeout: string;
  readonly statusResult: string;
  readonly statusTimeout: string;
}

/** What a payout Result (parsePayoutResult) says, for the core. */
export function payoutReportOfResult(result: PayoutResult): PayoutReport {
  if (result.outcome === 'success') return { outcome: 'paid', receipt: result.receipt, amount: result.amount, receiverName: result.receiverName };
  // A code this service does not know is not a failure: the payout is asked about first.
  return result.final ? { outcome: 'failed', reason: result.description } : { outcome: 'unknown', reason: result.description };
}

/** The Transaction Status code for "no such transaction". */
const NO_SUCH_TRANSACTION = 2032;

/**
 * What a Transaction Status Result about a payout (asked by its OriginatorConversationID) says:
 * paid with a receipt when ResultCode is 0 and a receipt is given; "no such transaction" (2032)
 * is unknown; another code is the payout's own failure when the code is one M-Pesa's payout
 * codes define as final, else unknown.
 */
export function payoutReportOfStatus(result: TransactionStatusResult): PayoutReport {
  if (result.resultCode === 0) {
    const receipt = result.receiptNo?.trim() ?? '';
    if (!/^[A-Z0-9]{8,20}$/.test(receipt)) return { outcome: 'unknown', reason: 'M-Pesa answered without a receipt' };
    return { outcome: 'paid', receipt, amount: result.amount, receiverName: result.creditPartyName };
  }
  if (result.resultCode === NO_SUCH_TRANSACTION) return { outcome: 'unknown', reason: result.resultDesc || 'M-Pesa has no record of the transaction' };
  const known = payoutResultCodeMeaning(result.resultCode);
  return known.final && known.kind !== 'success' ? { outcome: 'failed', reason: known.description } : { outcome: 'unknown', reason: known.description };
}

/**
 * The core's PayoutGateway over Daraja: B2C (BusinessPayment) to a phone, B2B (BusinessPayBill /
 * BusinessBuyGoods) to a Paybill or a Till, and Transaction Status by the payout's
 * OriginatorConversationID. M-Pesa pays whole shillings: the amount sent is the payout's whole
 * shillings (its cents stay in payout_rounding, decision 0051).
 */
export class DarajaPayoutGateway implements PayoutGateway {
  constructor(
    private readonly client: DarajaClient,
    private readonly urls: PayoutCallbackUrls,
  ) {}

  async send(request: PayoutRequest): Promise<PayoutSendOutcome> {
    const amountShillings = Math.floor(request.amount / 100);
    if (amountShillings < 1) return { status: 'refused', reason: 'less than KSh 1: M-Pesa can not pay it', retryable: false };
    const common = {
      originatorConversationId: request.originatorConversationId,
      amountShillings,
      remarks: request.remarks,
      occasion: request.occasion,
      resultUrl: this.urls.result,
      queueTimeoutUrl: this.urls.timeout,
    };
    const outcome =
      request.destination.kind === 'mpesa_phone'
        ? await this.client.b2cPayment({ ...common, phone: request.destination.msisdn })
        : await this.client.b2bPayment({ ...common, destination: request.destination });
    switch (outcome.status) {
      case 'accepted':
        return { status: 'accepted', conversationId: outcome.conversationId };
      case 'already_requested':
        return { status: 'already_requested', reason: outcome.message };
      case 'refused':
        return { status: 'refused', reason: outcome.message, retryable: outcome.retryable };
      case 'unknown':
        return { status: 'unknown', reason: outcome.reason };
    }
  }

  async queryStatus(input: { originatorConversationId: string; queryId: string; occasion: string }): Promise<PayoutStatusQueryOutcome> {
    try {
      await this.client.transactionStatus({
        originalConversationId: input.originatorConversationId,
        originatorConversationId: input.queryId,
        resultUrl: this.urls.statusResult,
        queueTimeoutUrl: this.urls.statusTimeout,
        remarks: 'Status of a payout',
        occasion: input.occasion,
      });
      return { status: 'accepted' };
    } catch (error) {
      return statusQueryFailure(error);
    }
  }
}
