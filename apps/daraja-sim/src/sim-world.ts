import { SmsBehaviourBook } from './africastalking/sms-behaviour-book.js';
import { SmsInbox } from './africastalking/sms-inbox.js';
import { CallbackPoster } from './callbacks/callback-poster.js';
import { C2bPayments } from './c2b/c2b-payments.js';
import { C2bRegistry } from './c2b/c2b-registry.js';
import type { ResolvedOptions } from './config/resolve-options.js';
import { PayoutBehaviourBook } from './payouts/payout-behaviour-book.js';
import { PayoutBook } from './payouts/payout-book.js';
import { ReversalBook } from './payouts/reversal-book.js';
import { SpikeArrest } from './http/spike-arrest.js';
import { RequestIds } from './ids/daraja-ids.js';
import { ReceiptNumbers } from './ids/receipt-numbers.js';
import { TokenStore } from './oauth/token-store.js';
import { ReceiptBook } from './receipts/receipt-book.js';
import { BehaviourBook } from './stk/behaviour-book.js';
import { PromptStore } from './stk/prompt-store.js';
import { Scheduler } from './time/scheduler.js';
import { LostResults } from './transaction-status/lost-results.js';

/** Everything one simulator knows, shared by its Daraja routes, its /sim controls and its phone page. */
export interface SimWorld {
  options: ResolvedOptions;
  requestIds: RequestIds;
  receiptNumbers: ReceiptNumbers;
  tokens: TokenStore;
  spikeArrest: SpikeArrest;
  /** Transaction Status Results to drop instead of POSTing (a test's lost Result). */
  lostResults: LostResults;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  receipts: ReceiptBook;
  behaviours: BehaviourBook;
  prompts: PromptStore;
  c2bRegistry: C2bRegistry;
  c2bPayments: C2bPayments;
  /** Africa's Talking's SMS: what was sent, to whom, and the delivery reports. */
  sms: SmsInbox;
  smsBehaviours: SmsBehaviourBook;
  /** B2C and B2B payouts by OriginatorConversationID, with the float they draw from. */
  payouts: PayoutBook;
  payoutBehaviours: PayoutBehaviourBook;
  reversals: ReversalBook;
  /** Back to a fresh simulator for the next test; tokens, registered C2B URLs and the SMS delivery report URL stay. */
  reset(): void;
}

export function createSimWorld(options: ResolvedOptions): SimWorld {
  const requestIds = new RequestIds();
  const receiptNumbers = new ReceiptNumbers();
  const scheduler = new Scheduler();
  const callbacks = new CallbackPoster(options.callbackTimeoutMs);
  const receipts = new ReceiptBook();
  const behaviours = new BehaviourBook();
  const c2bRegistry = new C2bRegistry();
  const spikeArrest = new SpikeArrest();
  const lostResults = new LostResults();
  const prompts = new PromptStore({ options, scheduler, callbacks, requestIds, receiptNumbers, receipts, behaviours });
  const c2bPayments = new C2bPayments({ options, scheduler, callbacks, receiptNumbers, receipts, registry: c2bRegistry });
  const smsBehaviours = new SmsBehaviourBook();
  const sms = new SmsInbox({ options, scheduler, callbacks, behaviours: smsBehaviours });
  const payoutBehaviours = new PayoutBehaviourBook();
  const payouts = new PayoutBook({ options, scheduler, callbacks, receiptNumbers, receipts, behaviours: payoutBehaviours });
  const reversals = new ReversalBook({ options, scheduler, callbacks, receiptNumbers, receipts });
  return {
    options,
    requestIds,
    receiptNumbers,
    tokens: new TokenStore(options.tokenTtlSeconds),
    spikeArrest,
    lostResults,
    scheduler,
    callbacks,
    receipts,
    behaviours,
    prompts,
    c2bRegistry,
    c2bPayments,
    sms,
    smsBehaviours,
    payouts,
    payoutBehaviours,
    reversals,
    reset() {
      scheduler.clearAll();
      callbacks.reset();
      prompts.reset();
      behaviours.reset();
      receipts.reset();
      spikeArrest.reset();
      lostResults.reset();
      c2bRegistry.resetBalances();
      sms.reset();
      smsBehaviours.reset();
      payouts.reset();
      payoutBehaviours.reset();
      reversals.reset();
    },
  };
}
