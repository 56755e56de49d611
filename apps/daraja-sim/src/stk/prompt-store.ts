import type { CallbackPoster } from '../callbacks/callback-poster.js';
import type { ResolvedOptions, ResolvedShortCode } from '../config/resolve-options.js';
import { SimControlError } from '../controls/sim-control-error.js';
import { checkoutRequestId, type RequestIds } from '../ids/daraja-ids.js';
import type { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { SimPrompt, StkTransactionType } from '../public-types.js';
import type { ReceiptBook } from '../receipts/receipt-book.js';
import { nairobiTimestamp } from '../time/nairobi-time.js';
import type { Scheduler } from '../time/scheduler.js';
import type { BehaviourBook } from './behaviour-book.js';
import { stkCallbackBody } from './stk-callback-body.js';
import { STK_RESULTS, type FinalStkOutcome } from './stk-results.js';

export interface NewPrompt {
  merchant: ResolvedShortCode;
  transactionType: StkTransactionType;
  amount: number;
  partyA: string;
  partyB: string;
  phoneNumber: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
}

export type QueryAnswer = { kind: 'unknown' } | { kind: 'processing' } | { kind: 'final'; prompt: SimPrompt };

interface PromptRecord {
  prompt: SimPrompt;
  timeout: NodeJS.Timeout | null;
  /** Callback mode 'late': the callback waits for the first STK Query that answers the final result. */
  lateCallbackDue: boolean;
}

export interface PromptStoreDeps {
  options: Pick<ResolvedOptions, 'pin' | 'promptTimeoutMs' | 'callbackDelayMs'>;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  requestIds: RequestIds;
  receiptNumbers: ReceiptNumbers;
  receipts: ReceiptBook;
  behaviours: BehaviourBook;
}

// STK prompts carry no customer name; Daraja's sandbox samples call the payer John Doe.
const STK_CUSTOMER_NAME = 'John Doe';

/** Every STK prompt, from push to final result, with its callbacks and time-out. */
export class PromptStore {
  private readonly records = new Map<string, PromptRecord>();

  constructor(private readonly deps: PromptStoreDeps) {}

  /** The new prompt, or null while the phone still has one pending ("Unable to lock subscriber"). */
  create(request: NewPrompt, now = new Date()): SimPrompt | null {
    for (const { prompt } of this.records.values()) {
      if (prompt.status === 'pending' && prompt.msisdn === request.phoneNumber) return null;
    }
    const behaviour = this.deps.behaviours.for(request.phoneNumber);
    const id = this.uniqueCheckoutRequestId(request.phoneNumber, now);
    const record: PromptRecord = {
      prompt: {
        checkoutRequestId: id,
        merchantRequestId: this.deps.requestIds.next(),
        msisdn: request.phoneNumber,
        partyA: request.partyA,
        partyB: request.partyB,
        businessShortCode: request.merchant.shortCode,
        businessName: request.merchant.name,
        transactionType: request.transactionType,
        amount: request.amount,
        accountReference: request.accountReference,
        transactionDesc: request.transactionDesc,
        callbackUrl: request.callbackUrl,
        status: 'pending',
        resultCode: null,
        resultDesc: null,
        receiptNumber: null,
        amountPaid: null,
        transactionDate: null,
        behaviour,
        queries: 0,
        createdAt: now.toISOString(),
        finishedAt: null,
      },
      timeout: null,
      lateCallbackDue: false,
    };
    this.records.set(id, record);
    if (behaviour.outcome === 'prompt') {
      record.timeout = this.deps.scheduler.after(this.deps.options.promptTimeoutMs, () => {
        if (record.prompt.status === 'pending') this.finish(record, 'unreachable');
      });
    } else {
      this.finish(record, behaviour.outcome);
    }
    return structuredClone(record.prompt);
  }

  list(): SimPrompt[] {
    return [...this.records.values()].map((r) => structuredClone(r.prompt));
  }

  /** The person on the phone enters a PIN: the right one pays, a wrong one ends the prompt as 2001. */
  approve(checkoutRequestId: string, pin: string = this.deps.options.pin): SimPrompt {
    const record = this.pendingRecord(checkoutRequestId);
    this.finish(record, pin === this.deps.options.pin ? 'approve' : 'wrong_pin');
    return structuredClone(record.prompt);
  }

  cancel(checkoutRequestId: string): SimPrompt {
    const record = this.pendingRecord(checkoutRequestId);
    this.finish(record, 'cancel');
    return structuredClone(record.prompt);
  }

  /** What STK Query answers for this CheckoutRequestID under this BusinessShortCode. */
  answerQuery(checkoutRequestId: string, businessShortCode: string): QueryAnswer {
    const record = this.records.get(checkoutRequestId);
    if (!record || record.prompt.businessShortCode !== businessShortCode) return { kind: 'unknown' };
    record.prompt.queries += 1;
    if (record.prompt.queries <= record.prompt.behaviour.processingQueries || record.prompt.status === 'pending') return { kind: 'processing' };
    if (record.lateCallbackDue) {
      record.lateCallbackDue = false;
      this.sendCallback(record, 1);
    }
    return { kind: 'final', prompt: structuredClone(record.prompt) };
  }

  reset(): void {
    this.records.clear();
  }

  private pendingRecord(checkoutRequestId: string): PromptRecord {
    const record = this.records.get(checkoutRequestId);
    if (!record) throw new SimControlError('not_found', `No STK prompt ${checkoutRequestId}`);
    if (record.prompt.status !== 'pending') throw new SimControlError('not_pending', `STK prompt ${checkoutRequestId} is already ${record.prompt.status}`);
    return record;
  }

  private finish(record: PromptRecord, outcome: FinalStkOutcome): void {
    const { prompt } = record;
    const result = STK_RESULTS[outcome];
    const now = new Date();
    this.deps.scheduler.cancel(record.timeout);
    record.timeout = null;
    prompt.status = result.code === 0 ? 'succeeded' : 'failed';
    prompt.resultCode = result.code;
    prompt.resultDesc = result.desc;
    prompt.finishedAt = now.toISOString();
    if (prompt.status === 'succeeded') this.recordPayment(prompt, now);
    if (outcome === 'unreachable') return; // 1037 has no callback: only STK Query tells.
    switch (prompt.behaviour.callback) {
      case 'once':
        return this.sendCallback(record, 1);
      case 'twice':
        return this.sendCallback(record, 2);
      case 'late':
        record.lateCallbackDue = true;
        return;
      case 'lost':
        return;
    }
  }

  private recordPayment(prompt: SimPrompt, now: Date): void {
    prompt.receiptNumber = this.deps.receiptNumbers.next(now);
    prompt.amountPaid = prompt.behaviour.amountPaid ?? prompt.amount;
    prompt.transactionDate = nairobiTimestamp(now);
    this.deps.receipts.add({
      receiptNo: prompt.receiptNumber,
      source: 'stk',
      amount: prompt.amountPaid,
      debitParty: prompt.msisdn,
      debitName: STK_CUSTOMER_NAME,
      creditParty: prompt.partyB,
      creditName: prompt.businessName,
      businessShortCode: prompt.businessShortCode,
      initiatedTime: nairobiTimestamp(new Date(prompt.createdAt)),
      finalisedTime: prompt.transactionDate,
      reasonType: prompt.transactionType === 'CustomerPayBillOnline' ? 'Pay Bill Online' : 'Pay Merchant Online',
    });
  }

  /** POSTs the callback `times` times, callbackDelayMs apart (twice = Daraja repeating itself). */
  private sendCallback(record: PromptRecord, times: number): void {
    this.deps.scheduler.after(this.deps.options.callbackDelayMs, async () => {
      const epoch = this.deps.callbacks.epoch;
      await this.deps.callbacks.post('stk', record.prompt.callbackUrl, stkCallbackBody(record.prompt), record.prompt.checkoutRequestId);
      if (times > 1 && epoch === this.deps.callbacks.epoch) this.sendCallback(record, times - 1);
    });
  }

  private uniqueCheckoutRequestId(msisdn: string, at: Date): string {
    // Real ids carry the millisecond of the request; two in one millisecond take the next one.
    let moment = at.getTime();
    let id = checkoutRequestId(msisdn, new Date(moment));
    while (this.records.has(id)) {
      moment += 1;
      id = checkoutRequestId(msisdn, new Date(moment));
    }
    return id;
  }
}
