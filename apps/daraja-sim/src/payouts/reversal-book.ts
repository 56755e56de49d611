import type { CallbackPoster } from '../callbacks/callback-poster.js';
import type { ResolvedOptions } from '../config/resolve-options.js';
import { conversationId } from '../ids/daraja-ids.js';
import { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { SimReversal } from '../public-types.js';
import type { KnownReceipt, ReceiptBook } from '../receipts/receipt-book.js';
import { nairobiTimestamp } from '../time/nairobi-time.js';
import type { Scheduler } from '../time/scheduler.js';
import { placeholderTransactionId, SUCCESS_DESC } from './payout-results.js';

export interface NewReversal {
  originatorConversationId: string;
  transactionId: string;
  amount: number;
  receiverParty: string;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
}

export interface ReversalBookDeps {
  options: Pick<ResolvedOptions, 'callbackDelayMs'>;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  receiptNumbers: ReceiptNumbers;
  receipts: ReceiptBook;
}

// Integrators report R000001 and R000002 for these; the amount mismatch has no documented code
// of its own, so it shares R000002 with a description that says what is wrong.
export const REVERSAL_FAILURES = {
  alreadyReversed: { code: 'R000001', desc: 'The transaction has already been reversed.' },
  unknownReceipt: { code: 'R000002', desc: 'The OriginalTransactionID is invalid.' },
  wrongAmount: { code: 'R000002', desc: 'The amount does not match the original transaction.' },
} as const;

const party = (id: string, name: string) => `${id} - ${name}`;

/**
 * Reversals of payments the simulator took (STK, C2B): accepted at once, the outcome in a Result
 * to ResultURL. A receipt reverses once; an unknown one, or one the ReceiverParty had no part
 * in, is refused in the Result (the request itself is accepted, as on Daraja).
 */
export class ReversalBook {
  private records: SimReversal[] = [];

  constructor(private readonly deps: ReversalBookDeps) {}

  request(input: NewReversal, now = new Date()): SimReversal {
    const original = this.deps.receipts.find(input.transactionId);
    const known = original && (original.source === 'stk' || original.source === 'c2b') && (input.receiverParty === original.creditParty || input.receiverParty === original.businessShortCode) ? original : undefined;
    const failure = !known
      ? REVERSAL_FAILURES.unknownReceipt
      : this.deps.receipts.isReversed(known.receiptNo)
        ? REVERSAL_FAILURES.alreadyReversed
        : input.amount !== known.amount
          ? REVERSAL_FAILURES.wrongAmount
          : null;
    const reversal: SimReversal = {
      originatorConversationId: input.originatorConversationId,
      conversationId: conversationId(now),
      transactionId: input.transactionId,
      amount: input.amount,
      receiverParty: input.receiverParty,
      status: failure ? 'failed' : 'completed',
      resultCode: failure ? failure.code : 0,
      resultDesc: failure ? failure.desc : SUCCESS_DESC,
      receipt: failure ? null : this.deps.receiptNumbers.next(now),
      createdAt: now.toISOString(),
    };
    if (!failure && known) this.deps.receipts.markReversed(known.receiptNo);
    this.records.push(reversal);
    const body = this.result(reversal, known, input, now);
    this.deps.scheduler.after(this.deps.options.callbackDelayMs, () => this.deps.callbacks.post('result', input.resultUrl, body, reversal.conversationId));
    return structuredClone(reversal);
  }

  list(): SimReversal[] {
    return structuredClone(this.records);
  }

  reset(): void {
    this.records = [];
  }

  /** The Reversal Result: ResultParameters on success only, the original receipt in OriginalTransactionID. */
  private result(reversal: SimReversal, original: KnownReceipt | undefined, input: NewReversal, now: Date): unknown {
    const common = {
      ResultType: 0,
      ResultCode: reversal.resultCode,
      ResultDesc: reversal.resultDesc,
      OriginatorConversationID: reversal.originatorConversationId,
      ConversationID: reversal.conversationId,
      TransactionID: reversal.receipt ?? placeholderTransactionId(ReceiptNumbers.datePrefix(now)),
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: input.queueTimeoutUrl } },
    };
    if (reversal.status !== 'completed' || !original) return { Result: common };
    return {
      Result: {
        ...common,
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitAccountBalance', Value: `Utility Account|KES|0.00|0.00|0.00|0.00` },
            { Key: 'Amount', Value: reversal.amount },
            { Key: 'TransCompletedTime', Value: Number(nairobiTimestamp(now)) },
            { Key: 'OriginalTransactionID', Value: original.receiptNo },
            { Key: 'Charge', Value: 0 },
            { Key: 'CreditPartyPublicName', Value: party(original.debitParty, original.debitName) },
            { Key: 'DebitPartyPublicName', Value: party(original.creditParty, original.creditName) },
          ],
        },
      },
    };
  }
}
