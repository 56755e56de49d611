import type { CallbackPoster } from '../callbacks/callback-poster.js';
import type { ResolvedOptions, ResolvedShortCode } from '../config/resolve-options.js';
import { SimControlError } from '../controls/sim-control-error.js';
import { conversationId } from '../ids/daraja-ids.js';
import { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { PayoutCommand, SimPayout } from '../public-types.js';
import type { ReceiptBook } from '../receipts/receipt-book.js';
import { nairobiTimestamp } from '../time/nairobi-time.js';
import type { Scheduler } from '../time/scheduler.js';
import type { PayoutAnswer, PayoutBehaviourBook } from './payout-behaviour-book.js';
import { PAYOUT_FAILURES, payoutResult, placeholderTransactionId, queueTimeoutNotice, SUCCESS_DESC } from './payout-results.js';

export interface NewPayout {
  api: 'b2c' | 'b2b';
  originatorConversationId: string;
  commandId: PayoutCommand;
  amount: number;
  merchant: ResolvedShortCode;
  receiver: string;
  accountReference: string | null;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
}

export type PayoutRequestAnswer = { kind: 'accepted'; payout: SimPayout } | { kind: 'duplicate' };

export interface PayoutBookDeps {
  options: Pick<ResolvedOptions, 'callbackDelayMs' | 'payoutFloat' | 'shortCodes'>;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  receiptNumbers: ReceiptNumbers;
  receipts: ReceiptBook;
  behaviours: PayoutBehaviourBook;
}

// What Transaction Status calls each kind of payout (ReasonType). No source lists them for B2C
// and B2B; these follow the names M-Pesa statements use.
const REASON_TYPES: Record<PayoutCommand, string> = {
  BusinessPayment: 'Business Payment to Customer via API',
  SalaryPayment: 'Salary Payment via API',
  PromotionPayment: 'Promotion Payment via API',
  BusinessPayBill: 'Business Pay Bill',
  BusinessBuyGoods: 'Business Buy Goods',
};

// B2C Results name a customer; the sandbox samples call every one John Doe.
const B2C_RECEIVER_NAME = 'John Doe';

/**
 * Every payout (B2C, B2B), keyed by OriginatorConversationID so that a repeat is refused and
 * never pays twice, with the float they draw from. The money moves (or not) when the request is
 * accepted; only the Result that tells about it is delayed, lost or sent twice.
 */
export class PayoutBook {
  private readonly records = new Map<string, SimPayout>();
  private balance: number;

  constructor(private readonly deps: PayoutBookDeps) {
    this.balance = deps.options.payoutFloat;
  }

  request(input: NewPayout, now = new Date()): PayoutRequestAnswer {
    const existing = this.records.get(input.originatorConversationId);
    if (existing) {
      existing.requests += 1;
      return { kind: 'duplicate' };
    }
    const answer = this.deps.behaviours.take(input.receiver);
    const payout: SimPayout = {
      originatorConversationId: input.originatorConversationId,
      conversationId: conversationId(now),
      api: input.api,
      commandId: input.commandId,
      amount: input.amount,
      partyA: input.merchant.shortCode,
      receiver: input.receiver,
      receiverName: answer.receiverName ?? this.defaultReceiverName(input),
      accountReference: input.accountReference,
      remarks: input.remarks,
      occasion: input.occasion,
      resultUrl: input.resultUrl,
      queueTimeoutUrl: input.queueTimeoutUrl,
      status: 'failed',
      resultCode: null,
      resultDesc: null,
      receipt: null,
      requests: 1,
      resultDelivery: answer.result === 'lost' ? 'lost' : 'scheduled',
      floatAfter: this.balance,
      createdAt: now.toISOString(),
    };
    this.settle(payout, answer, input.merchant, now);
    this.records.set(payout.originatorConversationId, payout);
    this.scheduleResult(payout, answer, now);
    return { kind: 'accepted', payout: structuredClone(payout) };
  }

  find(originatorConversationId: string): SimPayout | undefined {
    const payout = this.records.get(originatorConversationId);
    return payout ? structuredClone(payout) : undefined;
  }

  list(): SimPayout[] {
    return [...this.records.values()].map((p) => structuredClone(p));
  }

  float(): number {
    return this.balance;
  }

  setFloat(shillings: number): void {
    if (!Number.isSafeInteger(shillings) || shillings < 0) throw new SimControlError('invalid', 'the float must be a whole number of shillings, 0 or more');
    this.balance = shillings;
  }

  reset(): void {
    this.records.clear();
    this.balance = this.deps.options.payoutFloat;
  }

  private defaultReceiverName(input: NewPayout): string {
    if (input.api === 'b2c') return B2C_RECEIVER_NAME;
    return this.deps.options.shortCodes.find((s) => s.shortCode === input.receiver)?.name ?? `SIM BUSINESS ${input.receiver}`;
  }

  /** Decides the payout once: queue timeout (not processed), a failure, or paid from the float. */
  private settle(payout: SimPayout, answer: PayoutAnswer, merchant: ResolvedShortCode, now: Date): void {
    if (answer.outcome === 'queue_timeout') {
      payout.status = 'timed_out';
      return;
    }
    const failure =
      answer.outcome === 'insufficient_funds' || payout.amount > this.balance
        ? PAYOUT_FAILURES.insufficientFunds
        : answer.outcome === 'invalid_receiver'
          ? PAYOUT_FAILURES[answer.invalidReceiverCode]
          : null;
    if (failure) {
      payout.status = 'failed';
      payout.resultCode = failure.code;
      payout.resultDesc = failure.desc;
      return;
    }
    this.balance -= payout.amount;
    payout.status = 'completed';
    payout.resultCode = 0;
    payout.resultDesc = SUCCESS_DESC;
    payout.receipt = this.deps.receiptNumbers.next(now);
    payout.floatAfter = this.balance;
    const time = nairobiTimestamp(now);
    this.deps.receipts.add({
      receiptNo: payout.receipt,
      source: payout.api,
      amount: payout.amount,
      debitParty: merchant.shortCode,
      debitName: merchant.name,
      creditParty: payout.receiver,
      creditName: payout.receiverName,
      businessShortCode: merchant.shortCode,
      initiatedTime: time,
      finalisedTime: time,
      reasonType: REASON_TYPES[payout.commandId],
    });
  }

  private scheduleResult(payout: SimPayout, answer: PayoutAnswer, now: Date): void {
    if (answer.result === 'lost') return;
    const transactionId = payout.receipt ?? placeholderTransactionId(ReceiptNumbers.datePrefix(now));
    const [kind, url, body] =
      payout.status === 'timed_out'
        ? (['queue_timeout', payout.queueTimeoutUrl, queueTimeoutNotice(payout, transactionId)] as const)
        : (['result', payout.resultUrl, payoutResult({ payout, transactionId, completedAt: now })] as const);
    const send = (times: number) => {
      this.deps.scheduler.after(answer.resultDelayMs ?? this.deps.options.callbackDelayMs, async () => {
        const epoch = this.deps.callbacks.epoch;
        payout.resultDelivery = 'posted';
        await this.deps.callbacks.post(kind, url, body, payout.conversationId);
        if (times > 1 && epoch === this.deps.callbacks.epoch) send(times - 1);
      });
    };
    send(answer.result === 'twice' ? 2 : 1);
  }
}
