export { darajaConfigFromEnv, DARAJA_HOSTS, DEFAULT_TIMEOUT_MS, type DarajaConfig, type DarajaEnvironment, type StkTransactionType } from './config.js';
export { createDarajaClient, type DarajaClient, type DarajaClientOptions } from './daraja-client.js';
export type { FetchLike } from './http-transport.js';
export type { StkPushAccepted, StkPushRequest } from './stk-push.js';
export type { StkQueryResult } from './stk-query.js';
export type { C2bUrlRegistration, C2bUrlsRegistered } from './c2b-urls.js';
export type { C2bSimulated, C2bSimulation } from './c2b-simulate.js';
export type { TransactionStatusAccepted, TransactionStatusRequest } from './transaction-status.js';
export type { B2bPaymentRequest, B2cPaymentRequest, ReversalRequest } from './payout-requests.js';
export type { PayoutRequestOutcome } from './payout-outcome.js';
export { parsePayoutResult, type PayoutResult } from './payout-result.js';
export { payoutResultCodeMeaning, type PayoutResultKind, type PayoutResultMeaning } from './payout-result-codes.js';

export { parseStkCallback, type StkCallback, type StkCallbackMetadata } from './stk-callback.js';
export { parseC2bPayload, type C2bPayload } from './c2b-payload.js';
export { parseResultCallback, type ResultCallback } from './result-callback.js';
export { readTransactionStatusResult } from './transaction-status-result.js';
export { c2bConfirmationAck, c2bValidationAccept, c2bValidationReject, C2B_REJECTION_REASONS, type C2bRejectionCode } from './c2b-replies.js';
export type { ParseResult } from './parse-result.js';
export type { ResultCode } from './wire-fields.js';

export { normalizeKenyanMsisdn } from './msisdn.js';
export { nairobiTimestamp, stkPassword } from './timestamp.js';
export { wholeShillingsCovering } from './shillings.js';
export { FORBIDDEN_URL_WORDS } from './request-checks.js';

export { DarajaError, isDarajaError, type DarajaErrorDetails, type DarajaErrorKind } from './daraja-error.js';
export { DarajaInputError } from './daraja-input-error.js';
export { describeDarajaError } from './error-codes.js';
export { stkResultCodeMeaning, type StkResultKind, type StkResultMeaning } from './stk-result-codes.js';
export { DarajaMpesaGateway } from './daraja-mpesa-gateway.js';
export { DarajaPayoutGateway, payoutReportOfResult, payoutReportOfStatus, type PayoutCallbackUrls } from './daraja-payout-gateway.js';
export { mpesaCallbackUrls, type MpesaCallbackUrls } from './callback-urls.js';
