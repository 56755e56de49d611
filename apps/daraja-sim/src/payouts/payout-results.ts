import type { InvalidReceiverCode, SimPayout } from '../public-types.js';
import { nairobiDottedDateTime, nairobiTimestamp } from '../time/nairobi-time.js';

export const SUCCESS_DESC = 'The service request is processed successfully.';

/** The Results of a payout that was processed and failed (fact sheet, section 5). */
export const PAYOUT_FAILURES = {
  insufficientFunds: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  2040: { code: 2040, desc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service." },
  8006: { code: 8006, desc: 'The security credential is locked.' },
  SFC_IC0003: { code: 'SFC_IC0003', desc: 'The operator does not exist.' },
} as const satisfies Record<string, { code: number | string; desc: string }> & Record<InvalidReceiverCode, unknown>;

// No source we have shows what Daraja POSTs to QueueTimeOutURL. The simulator sends the Result
// shape with ResultType 1 and a code of its own that no real Result uses, so an integrator's
// handler can not mistake it for a processed payout: the URL it arrives on is what matters.
export const QUEUE_TIMEOUT = { code: 'QueueTimeout', desc: 'The request timed out in the queue before M-Pesa processed it.' };

const party = (id: string, name: string) => `${id} - ${name}`;

/** Daraja's Results carry a placeholder TransactionID when there is no receipt (e.g. LGR0000000). */
export function placeholderTransactionId(receiptPrefix: string): string {
  return `${receiptPrefix}0000000`;
}

interface ResultContext {
  payout: SimPayout;
  /** The TransactionID of the Result: the receipt, or a placeholder. */
  transactionId: string;
  completedAt: Date;
}

function referenceData(payout: SimPayout): unknown {
  const queue = { Key: 'QueueTimeoutURL', Value: payout.queueTimeoutUrl };
  // B2C sends one ReferenceItem as a bare object, B2B a list with the bill reference first.
  if (payout.api === 'b2c') return { ReferenceItem: queue };
  return { ReferenceItem: payout.accountReference ? [{ Key: 'BillReferenceNumber', Value: payout.accountReference }, queue] : [queue] };
}

/**
 * A B2C or B2B Result as Daraja POSTs it to ResultURL: ResultType and ResultCode integers,
 * ResultParameters only on success. B2C's keys: TransactionAmount, TransactionReceipt,
 * ReceiverPartyPublicName ("2547... - NAME"), TransactionCompletedDateTime ("dd.MM.yyyy
 * HH:mm:ss") and the account funds; B2B's: Amount, TransCompletedTime (yyyyMMddHHmmss), the
 * debit account balances, ReceiverPartyPublicName, Currency.
 */
export function payoutResult({ payout, transactionId, completedAt }: ResultContext): unknown {
  const common = {
    ResultType: 0,
    ResultCode: payout.resultCode,
    ResultDesc: payout.resultDesc,
    OriginatorConversationID: payout.originatorConversationId,
    ConversationID: payout.conversationId,
    TransactionID: transactionId,
  };
  if (payout.status !== 'completed') return { Result: { ...common, ReferenceData: referenceData(payout) } };
  const receiver = party(payout.receiver, payout.receiverName);
  const funds = payout.floatAfter.toFixed(2);
  const ResultParameter =
    payout.api === 'b2c'
      ? [
          { Key: 'TransactionAmount', Value: payout.amount },
          { Key: 'TransactionReceipt', Value: payout.receipt },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
          { Key: 'ReceiverPartyPublicName', Value: receiver },
          { Key: 'TransactionCompletedDateTime', Value: nairobiDottedDateTime(completedAt) },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: payout.floatAfter },
          { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
        ]
      : [
          { Key: 'DebitAccountBalance', Value: `{Amount={CurrencyCode=KES, MinimumAmount=${Math.round(payout.floatAfter * 100)}, BasicAmount=${funds}}}` },
          { Key: 'Amount', Value: payout.amount.toFixed(2) },
          { Key: 'DebitPartyAffectedAccountBalance', Value: `Working Account|KES|${funds}|${funds}|0.00|0.00` },
          { Key: 'TransCompletedTime', Value: nairobiTimestamp(completedAt) },
          { Key: 'DebitPartyCharges', Value: '' },
          { Key: 'ReceiverPartyPublicName', Value: receiver },
          { Key: 'Currency', Value: 'KES' },
          { Key: 'InitiatorAccountCurrentBalance', Value: `{Amount={CurrencyCode=KES, MinimumAmount=${Math.round(payout.floatAfter * 100)}, BasicAmount=${funds}}}` },
        ];
  return { Result: { ...common, ResultParameters: { ResultParameter }, ReferenceData: referenceData(payout) } };
}

/** What QueueTimeOutURL receives when a payout timed out unprocessed (see QUEUE_TIMEOUT). */
export function queueTimeoutNotice(payout: SimPayout, transactionId: string): unknown {
  return {
    Result: {
      ResultType: 1,
      ResultCode: QUEUE_TIMEOUT.code,
      ResultDesc: QUEUE_TIMEOUT.desc,
      OriginatorConversationID: payout.originatorConversationId,
      ConversationID: payout.conversationId,
      TransactionID: transactionId,
      ReferenceData: referenceData(payout),
    },
  };
}
