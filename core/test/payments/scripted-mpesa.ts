import type { MpesaGateway, StkPushOutcome, StkPushRequest, StkQueryOutcome, TransactionStatusGateway, TransactionStatusOutcome, TransactionStatusRequest } from '../../src/index.js';

/** Transaction Status as the core's tests script it: every query is accepted unless `next` says otherwise. */
export class ScriptedTransactionStatus implements TransactionStatusGateway {
  readonly shortCode = '174379';
  readonly queries: TransactionStatusRequest[] = [];
  next: TransactionStatusOutcome | null = null;

  async query(request: TransactionStatusRequest): Promise<TransactionStatusOutcome> {
    this.queries.push(request);
    const scripted = this.next;
    this.next = null;
    return scripted ?? { status: 'accepted', conversationId: `AG_20260101_${String(this.queries.length).padStart(20, '0')}`, originatorConversationId: request.originatorConversationId };
  }
}

/**
 * M-Pesa as the core's tests script it: each push is accepted (or answers what `nextPush`
 * says) and each query answers what the test set for that CheckoutRequestID. The API's tests
 * use the real Daraja adapter against the simulator; here only the core's rules are under test.
 */
export class ScriptedMpesa implements MpesaGateway {
  readonly pushes: StkPushRequest[] = [];
  readonly queries: string[] = [];
  nextPush: StkPushOutcome | null = null;
  readonly answers = new Map<string, StkQueryOutcome>();
  readonly transactionStatus?: ScriptedTransactionStatus;

  constructor(options: { transactionStatus?: boolean } = {}) {
    if (options.transactionStatus) this.transactionStatus = new ScriptedTransactionStatus();
  }

  async stkPush(request: StkPushRequest): Promise<StkPushOutcome> {
    this.pushes.push(request);
    const scripted = this.nextPush;
    this.nextPush = null;
    return scripted ?? { status: 'accepted', checkoutRequestId: `ws_CO_${this.pushes.length}`, merchantRequestId: `m-${this.pushes.length}` };
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryOutcome> {
    this.queries.push(checkoutRequestId);
    return this.answers.get(checkoutRequestId) ?? { status: 'pending' };
  }
}
