import type { Cents } from '@escrow/core';
import { parseError, parsed, type ParseResult } from './parse-result.js';
import { payoutResultCodeMeaning, type PayoutResultKind } from './payout-result-codes.js';
import { parseResultCallback, type ResultCallback } from './result-callback.js';
import { decimalShillingsToCents } from './shillings.js';
import type { ResultCode } from './wire-fields.js';

interface ResultIds {
  readonly originatorConversationId: string;
  readonly conversationId: string;
  /** ResultParameters by Key, as text (funds, balances...), for the record. */
  readonly parameters: Readonly<Record<string, string>>;
  readonly referenceData: Readonly<Record<string, string>>;
}

/** A B2C, B2B or Reversal Result, read. */
export type PayoutResult =
  | (ResultIds & {
      readonly outcome: 'success';
      /** The M-Pesa receipt of this payout (or of the reversal). */
      readonly receipt: string;
      readonly amount: Cents;
      /** "2547... - NAME" (B2C), "600000 - NAME" (B2B), the credited party (Reversal); null when absent. */
      readonly receiverName: string | null;
      /** When M-Pesa completed it; null when the Result does not say. */
      readonly completedAt: Date | null;
      /** Reversal only: the receipt that was reversed. */
      readonly originalReceipt: string | null;
    })
  | (ResultIds & {
      readonly outcome: 'failure';
      readonly code: ResultCode;
      readonly kind: PayoutResultKind;
      /** False for a code this service does not know: check with Transaction Status. */
      readonly final: boolean;
      /** Plain English (payoutResultCodeMeaning). */
      readonly description: string;
      /** Daraja's own ResultDesc. */
      readonly resultDesc: string;
    });

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

function nairobiInstant(year: string, month: string, day: string, hour: string, minute: string, second: string): Date | null {
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || check.getUTCMinutes() !== mi) return null;
  return new Date(utc - NAIROBI_OFFSET_MS);
}

/** "19.12.2019 11:45:50" (B2C) or 20191219102115 (B2B, Reversal), Nairobi time. */
function completedAt(text: string): Date | null | 'bad' {
  const value = text.trim();
  if (value === '') return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (dotted) return nairobiInstant(dotted[3]!, dotted[2]!, dotted[1]!, dotted[4]!, dotted[5]!, dotted[6]!) ?? 'bad';
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (compact) return nairobiInstant(compact[1]!, compact[2]!, compact[3]!, compact[4]!, compact[5]!, compact[6]!) ?? 'bad';
  return 'bad';
}

const first = (parameters: Record<string, string>, ...keys: string[]): string => {
  for (const key of keys) {
    const value = parameters[key]?.trim();
    if (value) return value;
  }
  return '';
};

/** A receipt: 10 letters and digits as M-Pesa issues them; placeholders (XXX0000000) are not one. */
const isReceipt = (value: string) => /^[A-Z0-9]{8,20}$/.test(value) && !/0000000$/.test(value);

function readSuccess(result: ResultCallback, ids: ResultIds): ParseResult<PayoutResult> {
  const p = result.parameters;
  // B2C names the receipt TransactionReceipt; B2B and Reversal give it only as TransactionID.
  const receipt = first(p, 'TransactionReceipt') || result.transactionId.trim();
  if (!isReceipt(receipt)) return parseError(`Payout Result: ResultCode 0 without a receipt (TransactionReceipt/TransactionID "${receipt}")`);
  const amountText = first(p, 'TransactionAmount', 'Amount');
  const amount = decimalShillingsToCents(amountText);
  if (amount === null || amount <= 0) return parseError(`Payout Result: ResultCode 0 without a readable amount (TransactionAmount/Amount "${amountText}")`);
  const when = completedAt(first(p, 'TransactionCompletedDateTime', 'TransCompletedTime'));
  if (when === 'bad') return parseError(`Payout Result: unreadable completion time "${first(p, 'TransactionCompletedDateTime', 'TransCompletedTime')}"`);
  const originalReceipt = first(p, 'OriginalTransactionID');
  return parsed({
    ...ids,
    outcome: 'success',
    receipt,
    amount,
    receiverName: first(p, 'ReceiverPartyPublicName', 'CreditPartyPublicName') || null,
    completedAt: when,
    originalReceipt: originalReceipt || null,
  });
}

/**
 * Reads the Result Daraja POSTs to a B2C, B2B or Reversal ResultURL. Tolerant of every variant
 * the sources show (codes as numbers or strings, one parameter or a list, values as numbers or
 * strings); strict about what money depends on: a success must carry a receipt and an amount,
 * or it is a parse error (and the payout is checked with Transaction Status, not believed).
 */
export function parsePayoutResult(json: unknown): ParseResult<PayoutResult> {
  const read = parseResultCallback(json);
  if (!read.ok) return parseError(read.error.replace(/^Result callback/, 'Payout Result'));
  const result = read.value;
  const ids: ResultIds = {
    originatorConversationId: result.originatorConversationId,
    conversationId: result.conversationId,
    parameters: result.parameters,
    referenceData: result.referenceData,
  };
  if (result.resultCode === 0) return readSuccess(result, ids);
  const meaning = payoutResultCodeMeaning(result.resultCode);
  return parsed({ ...ids, outcome: 'failure', code: result.resultCode, kind: meaning.kind, final: meaning.final, description: meaning.description, resultDesc: result.resultDesc });
}
