import type { TransactionStatusResult } from '@escrow/core';
import type { ResultCallback } from './result-callback.js';
import { decimalShillingsToCents } from './shillings.js';

/**
 * The fields of a Transaction Status Result (parseResultCallback) that the core checks before
 * it believes any of them: ReceiptNo, TransactionStatus, CreditPartyName and Amount (shillings,
 * "5.00" or 5, to integer cents; null when it is absent or not an amount). A ResultCode that is
 * not a number (SFC_IC0003) becomes -1: not success, not "unknown receipt".
 */
export function readTransactionStatusResult(result: ResultCallback): TransactionStatusResult {
  const text = (key: string): string | null => {
    const value = result.parameters[key]?.trim() ?? '';
    return value === '' ? null : value;
  };
  const amount = text('Amount');
  return {
    originatorConversationId: result.originatorConversationId,
    conversationId: result.conversationId,
    resultCode: typeof result.resultCode === 'number' && Number.isSafeInteger(result.resultCode) ? result.resultCode : -1,
    resultDesc: result.resultDesc,
    receiptNo: text('ReceiptNo'),
    amount: amount === null ? null : decimalShillingsToCents(amount),
    creditPartyName: text('CreditPartyName'),
    transactionStatus: text('TransactionStatus'),
  };
}
