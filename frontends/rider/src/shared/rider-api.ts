import { pageGet, requestJson, type ApiResult } from '@escrow/api-client/request';
import type { RiderEndpoints, RiderJobChange, RiderJobTakenAnswer, RiderPhoneCodeSentAnswer, RiderPhoneProvenAnswer } from '@escrow/api-client/contracts/rider';

// The rider's answers as the pages read them: the core's views through Wire
// (@escrow/api-client/contracts/rider), types only, each answer checked in development.
export type { RiderJob, RiderJobListItem } from '@escrow/api-client/contracts/rider';

export interface RiderCredentials {
  readonly phone: string;
  /** The current assignment's key from the rider link; null: none on this device. */
  readonly key: string | null;
}

/**
 * What the page reads of any step's answer (accept, pickup, complete, payment report, buyer
 * rejected): the server's message, and the new status where the step has one; it re-reads the job.
 */
export type RiderChange = Pick<RiderJobChange, 'message'> & Partial<Pick<RiderJobChange, 'job'>>;

/** A job taken from the list: its key and link, handed out once. */
export type TakenJob = RiderJobTakenAnswer;

/** The answer to asking for a code: the same for any number (decision 0046). */
export type PhoneCodeSent = RiderPhoneCodeSentAnswer;

export type PhoneProven = RiderPhoneProvenAnswer;

/** The answer of a route, by its contract. */
type Answer<E extends keyof RiderEndpoints> = RiderEndpoints[E];

/** The job lists and taking a job answer this (401) without this browser's proof of the phone. */
export const PHONE_NOT_VERIFIED = 'RIDER_PHONE_NOT_VERIFIED';

const orderPath = (orderId: string) => `/api/rider/orders/${encodeURIComponent(orderId)}`;

/** Riders have no login: phone and link key travel in headers (apps/api rider-credentials.ts). */
function headers(credentials: RiderCredentials, idempotencyKey?: string): Record<string, string> {
  return {
    'X-Rider-Phone': credentials.phone,
    ...(credentials.key ? { 'X-Rider-Key': credentials.key } : {}),
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  };
}

const post = <T>(path: string, credentials: RiderCredentials, body: unknown, key: string, fallbackMessage: string): Promise<ApiResult<T>> =>
  requestJson<T>('POST', path, body, { fallbackMessage, headers: headers(credentials, key) });

/** The rider pages' calls (apps/api/src/features/rider/job-routes.ts, phone-routes.ts). */
export const riderApi = {
  /** A code by SMS to the phone; the proof it leads to is an HttpOnly cookie the browser keeps. */
  sendPhoneCode: (phone: string, idempotencyKey: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/rider/phone-code'>>('POST', '/api/rider/phone-code', { phone }, { fallbackMessage, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** Which phone this browser has proved (null: none); asked before the job lists, so a missing proof is a step, not a refusal. */
  provenPhone: (fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<Answer<'GET /api/rider/phone-proof'>>('GET', '/api/rider/phone-proof', undefined, { fallbackMessage, ...(signal ? { signal } : {}) }),
  provePhone: (phone: string, code: string, fallbackMessage: string) => requestJson<Answer<'POST /api/rider/phone-proof'>>('POST', '/api/rider/phone-proof', { phone, code }, { fallbackMessage }),
  forgetPhone: (fallbackMessage: string) => requestJson<Answer<'DELETE /api/rider/phone-proof'>>('DELETE', '/api/rider/phone-proof', undefined, { fallbackMessage }),

  availableJobs: (phone: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<Answer<'GET /api/rider/jobs/available'>>('GET', '/api/rider/jobs/available', undefined, { fallbackMessage, headers: headers({ phone, key: null }), ...(signal ? { signal } : {}) }),
  assignedJobs: (phone: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<Answer<'GET /api/rider/jobs/assigned'>>('GET', '/api/rider/jobs/assigned', undefined, { fallbackMessage, headers: headers({ phone, key: null }), ...(signal ? { signal } : {}) }),
  takeJob: (orderId: string, phone: string, key: string, fallbackMessage: string) => post<Answer<'POST /api/rider/orders/:id/take'>>(`${orderPath(orderId)}/take`, { phone, key: null }, undefined, key, fallbackMessage),

  job: (orderId: string, credentials: RiderCredentials, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<Answer<'GET /api/rider/orders/:id'>>('GET', orderPath(orderId), undefined, { fallbackMessage, headers: headers(credentials), ...(signal ? { signal } : {}) }),
  /** The job as a server-rendered page came with it (read with the link's phone and key, decision 0059), for its first render. */
  pageJob: (orderId: string, fallbackMessage: string): ApiResult<Answer<'GET /api/rider/orders/:id'>> | undefined => pageGet<Answer<'GET /api/rider/orders/:id'>>(orderPath(orderId), fallbackMessage),
  accept: (orderId: string, credentials: RiderCredentials, key: string, fallbackMessage: string) => post<Answer<'POST /api/rider/orders/:id/accept'>>(`${orderPath(orderId)}/accept`, credentials, undefined, key, fallbackMessage),
  pickup: (orderId: string, credentials: RiderCredentials, photo: File, key: string, fallbackMessage: string) => {
    const form = new FormData();
    form.set('photo', photo);
    return post<Answer<'POST /api/rider/orders/:id/pickup'>>(`${orderPath(orderId)}/pickup`, credentials, form, key, fallbackMessage);
  },
  complete: (orderId: string, credentials: RiderCredentials, deliveryCode: string, key: string, fallbackMessage: string) =>
    post<Answer<'POST /api/rider/orders/:id/complete'>>(`${orderPath(orderId)}/complete`, credentials, { deliveryCode }, key, fallbackMessage),
  paymentConfirmation: (orderId: string, credentials: RiderCredentials, body: { paymentReceived: boolean; paymentIssue: string | null }, key: string, fallbackMessage: string) =>
    post<Answer<'POST /api/rider/orders/:id/payment-confirmation'>>(`${orderPath(orderId)}/payment-confirmation`, credentials, body, key, fallbackMessage),
  buyerRejected: (orderId: string, credentials: RiderCredentials, reason: string, key: string, fallbackMessage: string) =>
    post<Answer<'POST /api/rider/orders/:id/refund-request'>>(`${orderPath(orderId)}/refund-request`, credentials, { reason }, key, fallbackMessage),

  /** EventSource cannot send headers: the live stream takes `?phone=&key=` (decision 0013). */
  liveUrl: (orderId: string, credentials: RiderCredentials) =>
    `/api/live/orders/${encodeURIComponent(orderId)}?phone=${encodeURIComponent(credentials.phone)}&key=${encodeURIComponent(credentials.key ?? '')}`,
};
