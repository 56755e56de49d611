// A client of the Daraja simulator's test controls over HTTP (apps/daraja-sim, `/sim/*`): what the
// people on M-Pesa's side do in a test that runs in another process than the simulator (an API or
// CLI test against a listening simulator, or a browser test: e2e/daraja-sim.ts is a thin layer
// over this). A customer pays a Paybill, a phone answers an STK prompt, phones receive SMS, and
// receivers of payouts answer as told. Plain fetch: no Playwright, no test runner.
//
// The types mirror the simulator's public contract (apps/daraja-sim/src/public-types.ts); the kit
// depends on no workspace package (decision 0072), so they are copied here, and a test of this
// client (apps/api/test/mpesa/daraja-sim-client.test.ts) checks they still match.

/** How a C2B confirmation shows the payer's MSISDN: hashed (Daraja's default since 2021), masked or plain. */
export type MsisdnFormat = 'sha256' | 'masked' | 'plain';

export interface PayBillInput {
  /** The payer, 2547XXXXXXXX or 2541XXXXXXXX. */
  msisdn: string;
  /** Default the simulator's first shortcode. */
  shortCode?: string;
  /** BillRefNumber: the account number the customer typed. */
  account: string;
  /** Whole shillings. */
  amount: number;
  firstName?: string;
  /** How this payment's confirmation shows the MSISDN; default the simulator's own (DARAJA_SIM_MSISDN). */
  msisdnFormat?: MsisdnFormat;
}

export interface PayBillResult {
  transId: string;
  /** False when the integrator's validation rejected it (or was unreachable with ResponseType Cancelled). */
  completed: boolean;
  /** '0', the rejection code such as 'C2B00012', or 'abandoned'. */
  resultCode: string;
  resultDesc: string;
}

export type StkOutcome = 'prompt' | 'approve' | 'cancel' | 'insufficient_funds' | 'wrong_pin' | 'unreachable' | 'expire';
export type StkCallbackMode = 'once' | 'twice' | 'lost' | 'late';

/** How a phone answers its next STK prompts. */
export interface StkBehaviour {
  /** Default 'prompt' = wait for a person on the phone page or approve()/cancel(). */
  outcome?: StkOutcome;
  /** Default 'once'; 'late' = POSTed only after an STK Query has answered the final result. */
  callback?: StkCallbackMode;
  /** The first N STK Queries answer HTTP 500 "The transaction is being processed". */
  processingQueries?: number;
  /** Shillings actually paid (under or over payment); default the requested Amount. */
  amountPaid?: number;
}

export interface ResolvedStkBehaviour {
  outcome: StkOutcome;
  callback: StkCallbackMode;
  processingQueries: number;
  amountPaid: number | null;
}

/** One STK prompt (a Lipa na M-Pesa Online request) and where it stands. */
export interface SimPrompt {
  checkoutRequestId: string;
  merchantRequestId: string;
  /** The phone prompted, 2547XXXXXXXX or 2541XXXXXXXX. */
  msisdn: string;
  partyA: string;
  partyB: string;
  businessShortCode: string;
  businessName: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Whole shillings asked for. */
  amount: number;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** The STK ResultCode once final (0 success, 1032 cancelled, ...); null while pending. */
  resultCode: number | null;
  resultDesc: string | null;
  receiptNumber: string | null;
  amountPaid: number | null;
  transactionDate: string | null;
  behaviour: ResolvedStkBehaviour;
  queries: number;
  createdAt: string;
  finishedAt: string | null;
}

export type SimCallbackKind = 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'result' | 'queue_timeout' | 'sms_delivery_report';

/** One callback the simulator POSTed to the integrator. */
export interface SimCallback {
  kind: SimCallbackKind;
  url: string;
  body: unknown;
  /** The receiver's HTTP status, or how the POST failed. */
  status: number | 'error' | 'timeout';
  at: string;
  /** The CheckoutRequestID, the C2B TransID, the Result's ConversationID or the SMS messageId. */
  ref: string;
  /** The receiver's reply: parsed JSON, else its text; null when there was no reply. */
  response: unknown;
}

export type SmsStatusCode = 100 | 101 | 102 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 500 | 501 | 502;
export type SmsDeliveryStatus = 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';

/** How a phone number answers the SMS sent to it. */
export interface SmsBehaviour {
  statusCode?: SmsStatusCode;
  times?: number;
  deliveryReports?: SmsDeliveryStatus[];
  failureReason?: string;
}

/** One recipient of one SMS request, as the simulator answered it. */
export interface SimSms {
  messageId: string | null;
  /** As sent: E.164, '+2547XXXXXXXX'. */
  number: string;
  message: string;
  from: string | null;
  username: string;
  bulkSMSMode: string | null;
  enqueue: string | null;
  statusCode: SmsStatusCode;
  status: string;
  cost: string;
  receivedAt: string;
  deliveryReports: { status: SmsDeliveryStatus; at: string }[];
}

export type PayoutCommand = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment' | 'BusinessPayBill' | 'BusinessBuyGoods';
export type PayoutOutcome = 'success' | 'insufficient_funds' | 'invalid_receiver' | 'queue_timeout';
export type InvalidReceiverCode = 2040 | 8006 | 'SFC_IC0003';

/** How a receiver answers the payouts sent to it. */
export interface PayoutBehaviour {
  outcome?: PayoutOutcome;
  invalidReceiverCode?: InvalidReceiverCode;
  /** 'once' (default), 'twice' (Daraja repeating itself) or 'lost' (the payout happens, its Result never comes). */
  result?: 'once' | 'twice' | 'lost';
  resultDelayMs?: number;
  receiverName?: string;
  /** How many payouts get this answer; absent: every one until changed. */
  times?: number;
}

/** One payout (B2C or B2B request). */
export interface SimPayout {
  originatorConversationId: string;
  conversationId: string;
  api: 'b2c' | 'b2b';
  commandId: PayoutCommand;
  amount: number;
  partyA: string;
  /** The phone (B2C, 2547XXXXXXXX) or the Paybill/till number (B2B). */
  receiver: string;
  receiverName: string;
  accountReference: string | null;
  remarks: string;
  /** Our API puts the order's tracking number here. */
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  status: 'completed' | 'failed' | 'timed_out';
  resultCode: number | string | null;
  resultDesc: string | null;
  receipt: string | null;
  requests: number;
  resultDelivery: 'scheduled' | 'posted' | 'lost';
  floatAfter: number;
  createdAt: string;
}

/** One Reversal request and how it ended. */
export interface SimReversal {
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  amount: number;
  receiverParty: string;
  status: 'completed' | 'failed';
  resultCode: number | string;
  resultDesc: string;
  receipt: string | null;
  createdAt: string;
}

/** A control request the simulator did not answer as expected (its error body, e.g. 404 not_found, 409 not_pending, 400 invalid, is in the message). */
export class SimControlRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`daraja-sim ${what}: HTTP ${status}: ${body}`);
    this.name = 'SimControlRequestError';
  }
}

/** The simulator's test controls over HTTP; every method is one request. */
export interface DarajaSimClient {
  /** The simulator's origin, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** POST /sim/paybill: a customer pays the Paybill from their phone; answers once validation (if on) and the confirmation were POSTed. */
  payBill(input: PayBillInput): Promise<PayBillResult>;
  /**
   * A Paybill payment the integrator took: payBill, then checks that it completed (ResultCode '0')
   * and that its one C2B confirmation was answered HTTP 200 with ResultCode 0 (the simulator
   * answers only after that POST). Answers M-Pesa's receipt, the confirmation's TransID; throws
   * otherwise (no confirmation: the integrator has not registered its C2B URLs with the simulator).
   */
  payBillConfirmed(input: PayBillInput): Promise<string>;
  /** GET /sim/prompts: every STK prompt, oldest first. */
  prompts(): Promise<SimPrompt[]>;
  /** POST /sim/prompts/:id/approve: the phone enters a PIN (default the simulator's, 1234; a wrong one ends the prompt as 2001). */
  approve(checkoutRequestId: string, pin?: string): Promise<SimPrompt>;
  /** POST /sim/prompts/:id/cancel: the phone cancels the prompt (1032). */
  cancel(checkoutRequestId: string): Promise<SimPrompt>;
  /** POST /sim/behaviours: how the phone answers its next prompts. */
  setStkBehaviour(msisdn: string, behaviour: StkBehaviour): Promise<void>;
  /** POST /sim/spike-arrest: the next `count` API calls answer 500.003.02 Spike Arrest Violation. */
  spikeArrest(count: number): Promise<void>;
  /** POST /sim/status-results/lose: the Results of the next `count` Transaction Status queries are never POSTed. */
  loseStatusResults(count: number): Promise<void>;
  /** GET /sim/callbacks: every POST the simulator made to the integrator, oldest first. */
  callbacks(): Promise<SimCallback[]>;
  /** The C2B confirmations POSTed for one payment (its TransID). */
  confirmationsOf(transId: string): Promise<SimCallback[]>;
  /** POST /sim/reset: forgets prompts, behaviours, callbacks, SMS, payouts (keeps tokens and registered URLs). */
  reset(): Promise<void>;
  readonly sms: {
    /** GET /sim/sms/messages?number=: what the phone received, newest first (any Kenyan form of the number). */
    messagesTo(number: string): Promise<SimSms[]>;
    /** GET /sim/sms/messages: every recipient of every request, oldest first. */
    sent(): Promise<SimSms[]>;
    /** GET /sim/sms/recipients: the numbers that received an SMS, latest first. */
    recipients(): Promise<string[]>;
    /** POST /sim/sms/behaviours. */
    setBehaviour(number: string, behaviour: SmsBehaviour): Promise<void>;
    /** POST /sim/sms/delivery-report-url (null: no reports). */
    setDeliveryReportUrl(url: string | null): Promise<void>;
    /** POST /sim/sms/reset. */
    reset(): Promise<void>;
  };
  readonly payouts: {
    /** GET /sim/payouts: every payout, oldest first. */
    list(): Promise<SimPayout[]>;
    /** GET /sim/reversals. */
    reversals(): Promise<SimReversal[]>;
    /** POST /sim/payouts/behaviours: how M-Pesa answers the next payouts to `receiver`. */
    setBehaviour(receiver: string, behaviour: PayoutBehaviour): Promise<void>;
    /** GET /sim/payouts/float: shillings left in the B2C/B2B account. */
    float(): Promise<number>;
    /** POST /sim/payouts/float. */
    setFloat(shillings: number): Promise<void>;
  };
}

/** A client of the simulator at `url` (its origin, e.g. http://127.0.0.1:41234). */
export function darajaSimClient(url: string): DarajaSimClient {
  const origin = url.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, expected: number, json?: unknown): Promise<string> {
    const reply = await fetch(`${origin}${path}`, {
      method,
      ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
    });
    const text = await reply.text();
    if (reply.status !== expected) throw new SimControlRequestError(reply.status, text, `${method} ${path}`);
    return text;
  }
  const read = async <T>(path: string): Promise<T> => JSON.parse(await call('GET', path, 200)) as T;
  const post = async <T>(path: string, json: unknown = {}): Promise<T> => JSON.parse(await call('POST', path, 200, json)) as T;
  const command = async (path: string, json: unknown = {}): Promise<void> => {
    await call('POST', path, 204, json);
  };
  const promptPath = (checkoutRequestId: string, action: 'approve' | 'cancel') => `/sim/prompts/${encodeURIComponent(checkoutRequestId)}/${action}`;
  const callbacks = () => read<SimCallback[]>('/sim/callbacks');

  const confirmationsOf = async (transId: string) => (await callbacks()).filter((c) => c.kind === 'c2b_confirmation' && c.ref === transId);

  return {
    url: origin,
    payBill: (input) => post<PayBillResult>('/sim/paybill', input),
    async payBillConfirmed(input) {
      const paid = await post<PayBillResult>('/sim/paybill', input);
      if (!paid.completed || paid.resultCode !== '0') throw new Error(`daraja-sim paybill for account ${input.account} did not complete: ${JSON.stringify(paid)}`);
      const sent = await confirmationsOf(paid.transId);
      if (sent.length !== 1) throw new Error(`daraja-sim: ${sent.length} C2B confirmations of ${paid.transId}, expected 1 (none: the integrator has not registered its C2B URLs with the simulator)`);
      const [confirmation] = sent;
      const response = confirmation?.response;
      const taken = confirmation?.status === 200 && typeof response === 'object' && response !== null && (response as { ResultCode?: unknown }).ResultCode === 0;
      if (!taken) throw new Error(`daraja-sim: the C2B confirmation of ${paid.transId} was not taken: HTTP ${String(confirmation?.status)}, ${JSON.stringify(response)}`);
      return paid.transId;
    },
    prompts: () => read<SimPrompt[]>('/sim/prompts'),
    approve: (checkoutRequestId, pin) => post<SimPrompt>(promptPath(checkoutRequestId, 'approve'), pin === undefined ? {} : { pin }),
    cancel: (checkoutRequestId) => post<SimPrompt>(promptPath(checkoutRequestId, 'cancel')),
    setStkBehaviour: (msisdn, behaviour) => command('/sim/behaviours', { ...behaviour, msisdn }),
    spikeArrest: (count) => command('/sim/spike-arrest', { count }),
    loseStatusResults: (count) => command('/sim/status-results/lose', { count }),
    callbacks,
    confirmationsOf,
    reset: () => command('/sim/reset'),
    sms: {
      messagesTo: (number) => read<SimSms[]>(`/sim/sms/messages?number=${encodeURIComponent(number)}`),
      sent: () => read<SimSms[]>('/sim/sms/messages'),
      recipients: () => read<string[]>('/sim/sms/recipients'),
      setBehaviour: (number, behaviour) => command('/sim/sms/behaviours', { ...behaviour, number }),
      setDeliveryReportUrl: (reportUrl) => command('/sim/sms/delivery-report-url', { url: reportUrl }),
      reset: () => command('/sim/sms/reset'),
    },
    payouts: {
      list: () => read<SimPayout[]>('/sim/payouts'),
      reversals: () => read<SimReversal[]>('/sim/reversals'),
      setBehaviour: (receiver, behaviour) => command('/sim/payouts/behaviours', { ...behaviour, receiver }),
      float: async () => (await read<{ shillings: number }>('/sim/payouts/float')).shillings,
      setFloat: (shillings) => command('/sim/payouts/float', { shillings }),
    },
  };
}
