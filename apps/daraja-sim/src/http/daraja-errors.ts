import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RequestIds } from '../ids/daraja-ids.js';

/** A failed synchronous Daraja call: always `{requestId, errorCode, errorMessage}`, camelCase. */
export interface DarajaFailure {
  status: ContentfulStatusCode;
  errorCode: string;
  errorMessage: string;
}

const failure = (status: ContentfulStatusCode, errorCode: string, errorMessage: string): DarajaFailure => ({ status, errorCode, errorMessage });

// Codes and texts from the fact sheet (docs/reference: mpesa-daraja.md). The leading number of a
// Daraja errorCode is the HTTP status it comes with (400.002.02 is a 400, 500.001.1001 a 500),
// except the invalid-token family, which clients meet as HTTP 401.
export const DARAJA_ERRORS = {
  invalidField: (field: string) => failure(400, '400.002.02', `Bad Request - Invalid ${field}`),
  invalidGrantType: failure(400, '400.008.02', 'Invalid grant type passed'),
  // The sources give no separate code for a wrong key or secret; it is an authentication
  // failure like a malformed Basic header, so both answer 400.008.01.
  invalidAuthentication: failure(400, '400.008.01', 'Invalid Authentication passed'),
  // Sources disagree on the invalid-token code (404.001.03, 400.003.01, 401.002.01); 404.001.03
  // is the one integrators report most, served as 401 so clients know to fetch a new token.
  invalidAccessToken: failure(401, '404.001.03', 'Invalid Access Token'),
  invalidAuthenticatorHeader: failure(401, '404.001.04', 'Invalid Authenticator Header'),
  wrongCredentials: failure(500, '500.001.1001', 'Wrong credentials'),
  merchantDoesNotExist: failure(500, '500.001.1001', 'Merchant does not exist'),
  subscriberLocked: failure(500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber'),
  stillProcessing: failure(500, '500.001.1001', 'The transaction is being processed'),
  // B2C v3 (and, in the simulator, every payout): an OriginatorConversationID already used.
  duplicateOriginatorConversationId: failure(500, '500.002.1001', 'Duplicate OriginatorConversationID.'),
  // Daraja's Apigee SpikeArrest: the code's 500 prefix and integrators' reports say HTTP 500, not 429.
  spikeArrest: failure(500, '500.003.02', 'Spike Arrest Violation'),
  notFound: failure(404, '404.001.01', 'Resource not found'),
  methodNotAllowed: failure(405, '405.001', 'Method Not Allowed'),
} as const;

export function sendDarajaError(c: Context, ids: RequestIds, error: DarajaFailure): Response {
  return c.json({ requestId: ids.next(), errorCode: error.errorCode, errorMessage: error.errorMessage }, error.status);
}
