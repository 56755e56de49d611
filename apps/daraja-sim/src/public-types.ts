// The simulator's public contract. Other packages' tests code against these names, so they
// change only together with every caller.

export type MsisdnFormat = 'sha256' | 'masked' | 'plain';

export interface SimShortCode {
  shortCode: string;
  /** The Lipa na M-Pesa Online passkey: STK Password = base64(shortCode + passkey + Timestamp). */
  passkey: string;
  /** Off by default, as on Daraja: Safaricom enables external validation per shortcode on request. */
  externalValidation?: boolean;
  /** The business name a customer sees in the prompt and in Transaction Status results. */
  name?: string;
}

export interface DarajaSimOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default [{ key: 'sim-consumer-key', secret: 'sim-consumer-secret' }]. */
  consumers?: { key: string; secret: string }[];
  /** Default [{ shortCode: '174379', passkey: <the public sandbox passkey> }]. */
  shortCodes?: SimShortCode[];
  /** How C2B payloads show the MSISDN; default 'sha256'. */
  msisdnFormat?: MsisdnFormat;
  /** Default 3599. */
  tokenTtlSeconds?: number;
  /** The correct M-Pesa PIN on the phone page and for approve(); default '1234'. */
  pin?: string;
  /** An unanswered prompt ends as 1037 (no callback) after this; default 60_000. */
  promptTimeoutMs?: number;
  /** Delay before a callback is POSTed; default 100. */
  callbackDelayMs?: number;
  /** How long the sim waits for our callback endpoint; default 8_000. */
  callbackTimeoutMs?: number;
  /** Africa's Talking's bulk SMS API (`POST /version1/messaging`). */
  sms?: SimSmsOptions;
  /** Shillings in the B2C/B2B account that payouts draw from; default 1_000_000. reset() refills it to this. */
  payoutFloat?: number;
}

export interface SimSmsOptions {
  /** The account's username; default 'sandbox' (Africa's Talking's sandbox has only that one). */
  username?: string;
  /** The `apiKey` header it takes; default 'sim-at-api-key'. */
  apiKey?: string;
  /** Where delivery reports are POSTed, as set in Africa's Talking's dashboard; default none (no reports). */
  deliveryReportUrl?: string;
  /** Delay before each delivery report; default callbackDelayMs. */
  deliveryReportDelayMs?: number;
}

/** Africa's Talking's per-recipient statusCode (../shared/reference/mpesa-daraja.md, section 8). */
export type SmsStatusCode = 100 | 101 | 102 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 500 | 501 | 502;

/** A delivery report's status: Sent, Submitted, Buffered on the way; Success, Failed, Rejected final. */
export type SmsDeliveryStatus = 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';

/** How a phone number answers the SMS sent to it. */
export interface SmsBehaviour {
  /** The recipient's statusCode in the reply; default 101 (Sent). 403 is answered anyway for a number that is not Kenyan. */
  statusCode?: SmsStatusCode;
  /** Only the next `times` SMS to the number answer this way; then it answers as by default (101, a Success report). Default: every one until changed. */
  times?: number;
  /** The delivery reports POSTed for an accepted SMS, in order; default ['Success']; [] sends none. */
  deliveryReports?: SmsDeliveryStatus[];
  /** The failureReason of a Failed or Rejected report; default 'DeliveryFailure'. */
  failureReason?: string;
}

/** One recipient of one SMS request, as the simulator answered it. */
export interface SimSms {
  /** 'ATXid_' and 32 hex digits; null when refused (the reply says 'None'). */
  messageId: string | null;
  /** As sent: E.164, '+2547XXXXXXXX'. */
  number: string;
  message: string;
  /** The sender id (`from`), or null for the account's default. */
  from: string | null;
  username: string;
  /** The form fields as sent ('1' from our client), null when absent. */
  bulkSMSMode: string | null;
  enqueue: string | null;
  statusCode: SmsStatusCode;
  /** 'Success' when accepted, else the code's name ('InvalidPhoneNumber', 'UserInBlacklist' ...). */
  status: string;
  /** 'KES 0.8000' per segment when accepted, '0' when refused. */
  cost: string;
  receivedAt: string;
  /** Its delivery reports so far, oldest first (POSTed when a delivery report URL is set). */
  deliveryReports: { status: SmsDeliveryStatus; at: string }[];
}

/** The SMS controls (also over HTTP under /sim/sms). */
export interface SimSmsControls {
  /** The SMS a phone received (accepted ones), newest first; any Kenyan form of the number. */
  messagesTo(number: string): SimSms[];
  /** Every recipient of every request, refused ones included, oldest first. */
  sent(): SimSms[];
  /** Applies to SMS to that number from now on; replaces any earlier behaviour for it. */
  setBehaviour(number: string, behaviour: SmsBehaviour): void;
  /** The dashboard's delivery report callback URL; null: no reports are sent. */
  setDeliveryReportUrl(url: string | null): void;
  deliveryReportUrl(): string | null;
  /** Forgets messages and behaviours; keeps the delivery report URL (a dashboard setting). */
  reset(): void;
}

export type StkOutcome = 'prompt' | 'approve' | 'cancel' | 'insufficient_funds' | 'wrong_pin' | 'unreachable' | 'expire';
export type StkCallbackMode = 'once' | 'twice' | 'lost' | 'late';

export interface StkBehaviour {
  /** Default 'prompt' = wait for a person on the phone page or approve()/cancel(). */
  outcome?: StkOutcome;
  /** Default 'once'; 'late' = POSTed only after an STK Query has answered the final result. */
  callback?: StkCallbackMode;
  /** The first N STK Queries answer HTTP 500 500.001.1001 "The transaction is being processed", even when final. */
  processingQueries?: number;
  /** Shillings actually paid (under or over payment); default the requested Amount. */
  amountPaid?: number;
}

/** A behaviour with its defaults filled in, as recorded on each prompt. */
export interface ResolvedStkBehaviour {
  outcome: StkOutcome;
  callback: StkCallbackMode;
  processingQueries: number;
  amountPaid: number | null;
}

export type StkTransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';

/** One STK prompt (a Lipa na M-Pesa Online request) and where it stands. */
export interface SimPrompt {
  checkoutRequestId: string;
  merchantRequestId: string;
  /** The phone prompted (PhoneNumber), 2547XXXXXXXX or 2541XXXXXXXX. */
  msisdn: string;
  partyA: string;
  partyB: string;
  businessShortCode: string;
  businessName: string;
  transactionType: StkTransactionType;
  /** Whole shillings asked for. */
  amount: number;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** The STK ResultCode once final (0 success, 1032 cancelled, ...); null while pending. */
  resultCode: number | null;
  resultDesc: string | null;
  /** MpesaReceiptNumber, only on success. */
  receiptNumber: string | null;
  /** Shillings actually paid, only on success. */
  amountPaid: number | null;
  /** yyyyMMddHHmmss in Nairobi time, only on success (the callback's TransactionDate). */
  transactionDate: string | null;
  behaviour: ResolvedStkBehaviour;
  /** STK Queries answered for this prompt so far. */
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
  /** When the POST started (ISO 8601). */
  at: string;
  /** What the callback is about: the CheckoutRequestID, the C2B TransID, the Result's ConversationID or the SMS messageId. */
  ref: string;
  /** The receiver's reply: parsed JSON, else its text; null when there was no reply. */
  response: unknown;
}

export interface PayBillInput {
  msisdn: string;
  /** Default the first configured shortcode. */
  shortCode?: string;
  /** BillRefNumber: the account number the customer typed. */
  account: string;
  /** Whole shillings. */
  amount: number;
  firstName?: string;
  /** How this payment's confirmation shows the MSISDN; default the simulator's `msisdnFormat`. */
  msisdnFormat?: MsisdnFormat;
}

export interface PayBillResult {
  transId: string;
  /** False when the integrator's validation rejected it (or was unreachable with ResponseType Cancelled). */
  completed: boolean;
  /** '0', the rejection code such as 'C2B00012', or 'abandoned' when reset() or close() came during validation. */
  resultCode: string;
  resultDesc: string;
}

/** B2C CommandIDs (phones) and B2B CommandIDs (Paybill, till). */
export type B2cCommand = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
export type B2bCommand = 'BusinessPayBill' | 'BusinessBuyGoods';
export type PayoutCommand = B2cCommand | B2bCommand;

/**
 * How a receiver answers the payouts sent to it. `success` pays (while the float lasts);
 * `insufficient_funds` is ResultCode 1 whatever the float; `invalid_receiver` fails with
 * `invalidReceiverCode`; `queue_timeout` is never processed: QueueTimeOutURL is told instead.
 */
export type PayoutOutcome = 'success' | 'insufficient_funds' | 'invalid_receiver' | 'queue_timeout';

/** The fact sheet's codes for a receiver that can not be paid. */
export type InvalidReceiverCode = 2040 | 8006 | 'SFC_IC0003';

export interface PayoutBehaviour {
  /** Default 'success'. */
  outcome?: PayoutOutcome;
  /** For `invalid_receiver`; default 2040 (the customer is not registered on M-Pesa). */
  invalidReceiverCode?: InvalidReceiverCode;
  /** 'once' (default), 'twice' (Daraja repeating itself) or 'lost' (the payout happens, its Result never comes). */
  result?: 'once' | 'twice' | 'lost';
  /** Wait before the Result (or the queue timeout) is POSTed; default callbackDelayMs. */
  resultDelayMs?: number;
  /** The name in ReceiverPartyPublicName; default 'John Doe' for a phone, 'SIM BUSINESS <number>' for a business. */
  receiverName?: string;
  /** Only the next `times` payouts to the receiver answer this way; default: every one until changed. */
  times?: number;
}

/** One payout (B2C or B2B request), recorded once per OriginatorConversationID. */
export interface SimPayout {
  originatorConversationId: string;
  conversationId: string;
  api: 'b2c' | 'b2b';
  commandId: PayoutCommand;
  /** Whole shillings asked for. */
  amount: number;
  /** The paying shortcode. */
  partyA: string;
  /** PartyB: the phone (B2C, 2547XXXXXXXX) or the Paybill/till number (B2B). */
  receiver: string;
  receiverName: string;
  /** B2B AccountReference; null for B2C and for a till. */
  accountReference: string | null;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  /** Decided when the request is accepted: the money moves then, whatever becomes of the Result. */
  status: 'completed' | 'failed' | 'timed_out';
  /** 0 on success; null for a queue timeout. */
  resultCode: number | string | null;
  resultDesc: string | null;
  /** TransactionReceipt, only when completed. */
  receipt: string | null;
  /** Requests that carried this OriginatorConversationID: the first plus every refused repeat. */
  requests: number;
  /** Where its Result (or queue timeout notice) stands: waiting to be POSTed, POSTed, or never to be. */
  resultDelivery: 'scheduled' | 'posted' | 'lost';
  /** The float after this payout, in shillings. */
  floatAfter: number;
  createdAt: string;
}

/** One Reversal request and how it ended. */
export interface SimReversal {
  originatorConversationId: string;
  conversationId: string;
  /** The receipt asked to be reversed (TransactionID). */
  transactionId: string;
  amount: number;
  receiverParty: string;
  status: 'completed' | 'failed';
  resultCode: number | string;
  resultDesc: string;
  /** The reversal's own receipt, only when completed. */
  receipt: string | null;
  createdAt: string;
}

/** The payout controls (also over HTTP under /sim/payouts and /sim/reversals). */
export interface SimPayoutControls {
  /** Every payout, oldest first. */
  list(): SimPayout[];
  /** Every reversal, oldest first. */
  reversals(): SimReversal[];
  /** Applies to payouts to that phone or business number from now on; replaces any earlier behaviour for it. */
  setBehaviour(receiver: string, behaviour: PayoutBehaviour): void;
  /** Shillings left in the B2C/B2B account. */
  float(): number;
  setFloat(shillings: number): void;
}

export interface DarajaSim {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  close(): Promise<void>;
  /** Applies to prompts for that phone from now on; replaces any earlier behaviour for it. */
  setStkBehaviour(msisdn: string, behaviour: StkBehaviour): void;
  /** The next `count` API calls (not OAuth) answer 500.003.02 Spike Arrest Violation. */
  spikeArrest(count: number): void;
  /** The Results of the next `count` Transaction Status queries are never POSTed (the queries are accepted as usual). */
  loseStatusResults(count: number): void;
  prompts(): SimPrompt[];
  /** Resolves once the prompt is final; its callback follows after callbackDelayMs. A wrong pin ends it as 2001. */
  approve(checkoutRequestId: string, pin?: string): Promise<SimPrompt>;
  /** Ends the prompt as 1032. */
  cancel(checkoutRequestId: string): Promise<SimPrompt>;
  /** A customer pays a Paybill from their phone: validation (if enabled), then confirmation. Resolves after both. */
  payBill(input: PayBillInput): Promise<PayBillResult>;
  callbacks(): SimCallback[];
  /** Africa's Talking's SMS: what each phone received, and how numbers answer. */
  readonly sms: SimSmsControls;
  /** B2C and B2B payouts, reversals, the float and how receivers answer. */
  readonly payouts: SimPayoutControls;
  /** Forgets prompts, behaviours, callbacks, receipts, spike arrest, lost Results, SMS, payouts and reversals (the float is refilled); keeps tokens, registered C2B URLs and the SMS delivery report URL. */
  reset(): void;
}
