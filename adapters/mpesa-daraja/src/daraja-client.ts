import { AccessTokenCache } from './access-token.js';
import { registerC2bUrls, type C2bUrlRegistration, type C2bUrlsRegistered } from './c2b-urls.js';
import { simulateC2b, type C2bSimulated, type C2bSimulation } from './c2b-simulate.js';
import { DEFAULT_TIMEOUT_MS, type DarajaConfig } from './config.js';
import type { DarajaContext } from './daraja-context.js';
import { DarajaError } from './daraja-error.js';
import { INVALID_TOKEN_CODES } from './error-codes.js';
import type { PayoutRequestOutcome } from './payout-outcome.js';
import { b2bPayment, b2cPayment, reversal, type B2bPaymentRequest, type B2cPaymentRequest, type ReversalRequest } from './payout-requests.js';
import { sendDarajaRequest, type FetchLike, type Transport } from './http-transport.js';
import { stkPush, type StkPushAccepted, type StkPushRequest } from './stk-push.js';
import { stkQuery, type StkQueryResult } from './stk-query.js';
import { transactionStatus, type TransactionStatusAccepted, type TransactionStatusRequest } from './transaction-status.js';

export interface DarajaClientOptions {
  /** Default: the global fetch. */
  readonly fetch?: FetchLike;
  /** Default: the system clock. Drives the STK timestamp and the token's expiry. */
  readonly now?: () => Date;
  /** Default: setTimeout. Waits between retries. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Default: Math.random. Jitter of the retry waits. */
  readonly random?: () => number;
}

/**
 * Every method throws a DarajaError when the call fails (see its `kind` and `retryable`), and
 * a DarajaInputError, before sending anything, when the request itself is wrong. Except the
 * money-moving ones (b2cPayment, b2bPayment, reversal): they never throw, every failure is a
 * PayoutRequestOutcome the caller must decide on.
 */
export interface DarajaClient {
  readonly config: DarajaConfig;
  accessToken(): Promise<string>;
  stkPush(request: StkPushRequest): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  registerC2bUrls(registration: C2bUrlRegistration): Promise<C2bUrlsRegistered>;
  /** Sandbox (and simulator) only. */
  simulateC2b(simulation: C2bSimulation): Promise<C2bSimulated>;
  transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted>;
  /** Pays a phone (B2C v3), keyed by the caller's OriginatorConversationID. */
  b2cPayment(request: B2cPaymentRequest): Promise<PayoutRequestOutcome>;
  /** Pays a Paybill or a till (B2B). */
  b2bPayment(request: B2bPaymentRequest): Promise<PayoutRequestOutcome>;
  /** Reverses a payment our shortcode received. */
  reversal(request: ReversalRequest): Promise<PayoutRequestOutcome>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sources disagree on the invalid-token code, so any of them, or a bare 401, counts. */
function isInvalidTokenReply(error: unknown): boolean {
  if (!(error instanceof DarajaError)) return false;
  return error.httpStatus === 401 || (error.errorCode !== undefined && INVALID_TOKEN_CODES.has(error.errorCode));
}

export function createDarajaClient(config: DarajaConfig, options: DarajaClientOptions = {}): DarajaClient {
  const now = options.now ?? (() => new Date());
  const transport: Transport = {
    baseUrl: config.baseUrl.replace(/\/+$/, ''),
    timeoutMs: config.timeoutMs > 0 ? config.timeoutMs : DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
  };
  const tokens = new AccessTokenCache(transport, config, () => now().getTime());

  const context: DarajaContext = {
    config,
    now,
    accessToken: () => tokens.get(),
    async post(operation, path, body, { idempotent }) {
      let token = await tokens.get();
      try {
        return await sendDarajaRequest(transport, { operation, method: 'POST', path, body, authorization: `Bearer ${token}`, idempotent });
      } catch (error) {
        // A refused token means the call was refused unprocessed, so even STK Push may be sent
        // again; once only, so bad credentials can not loop.
        if (!isInvalidTokenReply(error)) throw error;
        tokens.invalidate(token);
        token = await tokens.get();
        return await sendDarajaRequest(transport, { operation, method: 'POST', path, body, authorization: `Bearer ${token}`, idempotent });
      }
    },
  };

  return {
    config,
    accessToken: () => tokens.get(),
    stkPush: (request) => stkPush(context, request),
    stkQuery: (checkoutRequestId) => stkQuery(context, checkoutRequestId),
    registerC2bUrls: (registration) => registerC2bUrls(context, registration),
    simulateC2b: (simulation) => simulateC2b(context, simulation),
    transactionStatus: (request) => transactionStatus(context, request),
    b2cPayment: (request) => b2cPayment(context, request),
    b2bPayment: (request) => b2bPayment(context, request),
    reversal: (request) => reversal(context, request),
  };
}
