import type { KnownReceipt } from '../receipts/receipt-book.js';

export interface StatusResultIds {
  originatorConversationId: string;
  conversationId: string;
  /** Daraja's Result carries a placeholder TransactionID of its own (e.g. LGR0000000). */
  transactionId: string;
  occasion: string;
}

// No source we have shows the failure Result for an unknown receipt. Integrators report 2032
// "The transaction receipt number does not exist." (one source), so the simulator uses that.
export const UNKNOWN_RECEIPT = { code: 2032, desc: 'The transaction receipt number does not exist.' };

const party = (id: string, name: string) => `${id} - ${name}`;

/**
 * The Transaction Status Result POSTed to ResultURL, shaped like Daraja's: ResultParameters
 * only on success, as {Key, Value} pairs with times as yyyyMMddHHmmss numbers and an empty
 * TransactionReason without a Value.
 */
export function transactionStatusResult(ids: StatusResultIds, receipt: KnownReceipt | undefined, failure: { code: number | string; desc: string } = UNKNOWN_RECEIPT): unknown {
  const common = {
    ResultType: 0,
    OriginatorConversationID: ids.originatorConversationId,
    ConversationID: ids.conversationId,
    TransactionID: ids.transactionId,
    ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: ids.occasion } },
  };
  if (!receipt) return { Result: { ...common, ResultCode: failure.code, ResultDesc: failure.desc } };
  return {
    Result: {
      ...common,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: party(receipt.debitParty, receipt.debitName) },
          { Key: 'CreditPartyName', Value: party(receipt.creditParty, receipt.creditName) },
          { Key: 'OriginatorConversationID', Value: ids.originatorConversationId },
          { Key: 'InitiatedTime', Value: Number(receipt.initiatedTime) },
          { Key: 'DebitAccountType', Value: 'MMF Account' },
          { Key: 'DebitPartyCharges' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: receipt.reasonType },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'FinalisedTime', Value: Number(receipt.finalisedTime) },
          { Key: 'Amount', Value: receipt.amount },
          { Key: 'ConversationID', Value: ids.conversationId },
          { Key: 'ReceiptNo', Value: receipt.receiptNo },
        ],
      },
    },
  };
}
