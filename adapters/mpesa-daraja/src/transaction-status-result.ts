import type { TransactionStatusResult } from '@escrow/core';
import type { ResultCallback } from './result-callback.js';
import { decimalShillingsToCents } from './shillings.js';

/** The largest result code kept: what an INTEGER column holds. */
const MAX_RESULT_CODE = 2_147_483_647;

/**
 * The fields of a Transaction Status Result (parseResultCallback) that the core checks before
 * it believes any of them: ReceiptNo, TransactionStatus, CreditPartyName and Amount (shillings,
 * "5.00" or 5, to integer cents; null when it is absent or not an amount). A ResultCode that is
 * not a number (SFC_IC0003), or out of any documented range, becomes -1: not success, not
 * "unknown receipt" (and it fits the INTEGER column it is kept in).
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
    resultCode: typeof result.resultCode === 'number' && Math.abs(result.resultCode) <= MAX_RESULT_CODE ? result.resultCode : -1,
    resultDesc: result.resultDesc,
    receiptNo: text('ReceiptNo'),
    amount: amount === null ? null : decimalShillingsToCents(amount),
    creditPartyName: text('CreditPartyName'),
    transactionStatus: text('TransactionStatus'),
  };
}
