import type { DarajaErrorKind } from './daraja-error.js';

/**
 * The access token was refused. Sources disagree on the code, so all three are treated alike
 * (with a bare HTTP 401): the client drops its token and sends the call once more with a new one.
 */
export const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set(['404.001.03', '400.003.01', '401.002.01']);

export const SPIKE_ARREST = '500.003.02';
export const QUOTA_VIOLATION = '500.003.03';
export const URLS_ALREADY_REGISTERED = '500.003.1001';
/** B2C (and payouts generally): this OriginatorConversationID was used before. */
export const DUPLICATE_ORIGINATOR_CONVERSATION_ID = '500.002.1001';
/** Shared by wrong credentials, unknown merchant, a locked subscriber and a pending STK query. */
export const GENERIC_FAILURE = '500.001.1001';

interface CodeFacts {
  readonly description: string;
  readonly kind: DarajaErrorKind;
  /** The same request, sent again later, may succeed. */
  readonly retryable: boolean;
}

const CODES: Readonly<Record<string, CodeFacts>> = {
  '400.002.02': { kind: 'rejected', retryable: false, description: 'Daraja refused a field of the request as invalid (Bad Request - Invalid <Field>); the error message names the field.' },
  '500.003.02': { kind: 'throttled', retryable: true, description: 'Daraja refused the request for too many calls in a short time (spike arrest); it was not processed and may be sent again after a pause.' },
  '500.003.03': { kind: 'throttled', retryable: true, description: 'Daraja refused the request because the API quota is used up (quota violation); it was not processed and may be sent again later.' },
  '404.001.01': { kind: 'rejected', retryable: false, description: 'Daraja has no such resource: the URL path or the API version is wrong.' },
  '404.001.03': { kind: 'unauthorized', retryable: true, description: 'Daraja refused the access token as invalid or expired; a new token is needed.' },
  '404.001.04': { kind: 'unauthorized', retryable: false, description: 'Daraja refused the Authorization header (Invalid Authenticator Header): it is missing or not of the form "Bearer <token>".' },
  '405.001': { kind: 'rejected', retryable: false, description: 'Daraja does not accept this HTTP method on this URL.' },
  '500.002.1001': { kind: 'rejected', retryable: false, description: 'Daraja has already seen this OriginatorConversationID (duplicate); every payment request needs a new one.' },
  '400.008.01': { kind: 'unauthorized', retryable: false, description: 'Daraja refused the OAuth request: the authorization type is invalid (it must be Basic base64(consumer key:consumer secret)).' },
  '400.008.02': { kind: 'unauthorized', retryable: false, description: 'Daraja refused the OAuth request: the grant type is invalid (it must be client_credentials).' },
  '400.003.01': { kind: 'unauthorized', retryable: true, description: 'Daraja refused the access token as invalid; a new token is needed.' },
  '401.002.01': { kind: 'unauthorized', retryable: true, description: 'Daraja refused the access token as invalid or expired; a new token is needed.' },
  '500.003.1001': { kind: 'rejected', retryable: false, description: 'The C2B URLs are already registered for this shortcode; production registers them once (changing them needs Safaricom).' },
};

/** 500.001.1001 means different things; its error message tells them apart. */
function describeGenericFailure(errorMessage: string | undefined): CodeFacts {
  const text = (errorMessage ?? '').toLowerCase();
  if (text.includes('being processed') || text.includes('under processing')) {
    return { kind: 'rejected', retryable: true, description: 'The STK Push is still being processed: the customer has not answered the prompt yet; ask again later.' };
  }
  if (text.includes('lock subscriber')) {
    return { kind: 'rejected', retryable: true, description: 'Daraja could not lock the subscriber: this phone already has an M-Pesa prompt or transaction in progress; try again in about a minute.' };
  }
  if (text.includes('wrong credentials')) {
    return { kind: 'rejected', retryable: false, description: 'Daraja refused the STK password (Wrong credentials): the shortcode, passkey or timestamp is wrong, or the Timestamp field differs from the one in the password.' };
  }
  if (text.includes('merchant does not exist')) {
    return { kind: 'rejected', retryable: false, description: 'Daraja does not know this merchant: the shortcode is wrong or not enabled for this API.' };
  }
  return { kind: 'rejected', retryable: false, description: 'Daraja refused the request with a general failure (500.001.1001: wrong credentials, unknown merchant, a locked subscriber or a transaction still being processed); see the error message.' };
}

function facts(errorCode: string | undefined, errorMessage?: string): CodeFacts | undefined {
  if (errorCode === undefined) return undefined;
  if (errorCode === GENERIC_FAILURE) return describeGenericFailure(errorMessage);
  return CODES[errorCode];
}

/**
 * An English sentence for a Daraja `errorCode`. Pass the `errorMessage` too to tell the
 * variants of 500.001.1001 apart. Unknown codes get a sentence naming the code.
 */
export function describeDarajaError(errorCode: string, errorMessage?: string): string {
  const known = facts(errorCode, errorMessage);
  if (known) return known.description;
  const detail = errorMessage ? `: ${errorMessage}` : '';
  return `Daraja refused the request with error code ${errorCode}${detail}.`;
}

/** How a Daraja error body is to be handled; undefined for a code this client does not know. */
export function errorCodeFacts(errorCode: string | undefined, errorMessage?: string): CodeFacts | undefined {
  return facts(errorCode, errorMessage);
}
