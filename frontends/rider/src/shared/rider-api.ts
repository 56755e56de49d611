import type { RiderJobStatusView, RiderJobSummary, RiderJobView } from '@escrow/core';
import { pageGet, requestJson, type ApiResult } from '@escrow/ui/api/request-json';

// Type-only imports of the core's views: the contract the API answers with, at no JS cost.
export type RiderJob = RiderJobView;
export type RiderJobListItem = RiderJobSummary;

export interface RiderCredentials {
  readonly phone: string;
  /** The current assignment's key from the rider link; null: none on this device. */
  readonly key: string | null;
}

export interface RiderChange {
  readonly job?: RiderJobStatusView;
  readonly message: string;
}

export interface TakenJob extends RiderChange {
  readonly riderKey: string;
  readonly riderLink: string;
}

/** The answer to asking for a code: the same for any number (decision 0046). */
export interface PhoneCodeSent {
  readonly sent: true;
  readonly phone: string;
  readonly expiresAt: string;
  /** How long the page waits before it offers "Resend code". */
  readonly resendAfterSeconds: number;
  readonly message: string;
}

export interface PhoneProven {
  readonly phone: string;
  readonly expiresAt: string;
  readonly message: string;
}

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

/** The rider pages' calls (apps/api/src/routes/rider-routes.ts, rider-phone-routes.ts). */
export const riderApi = {
  /** A code by SMS to the phone; the proof it leads to is an HttpOnly cookie the browser keeps. */
  sendPhoneCode: (phone: string, idempotencyKey: string, fallbackMessage: string) =>
    requestJson<PhoneCodeSent>('POST', '/api/rider/phone-code', { phone }, { fallbackMessage, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** Which phone this browser has proved (null: none); asked before the job lists, so a missing proof is a step, not a refusal. */
  provenPhone: (fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<{ phone: string | null }>('GET', '/api/rider/phone-proof', undefined, { fallbackMessage, ...(signal ? { signal } : {}) }),
  provePhone: (phone: string, code: string, fallbackMessage: string) => requestJson<PhoneProven>('POST', '/api/rider/phone-proof', { phone, code }, { fallbackMessage }),
  forgetPhone: (fallbackMessage: string) => requestJson<{ signedOut: true; message: string }>('DELETE', '/api/rider/phone-proof', undefined, { fallbackMessage }),

  availableJobs: (phone: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<{ jobs: RiderJobListItem[] }>('GET', '/api/rider/jobs/available', undefined, { fallbackMessage, headers: headers({ phone, key: null }), ...(signal ? { signal } : {}) }),
  assignedJobs: (phone: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<{ jobs: RiderJobListItem[] }>('GET', '/api/rider/jobs/assigned', undefined, { fallbackMessage, headers: headers({ phone, key: null }), ...(signal ? { signal } : {}) }),
  takeJob: (orderId: string, phone: string, key: string, fallbackMessage: string) => post<TakenJob>(`${orderPath(orderId)}/take`, { phone, key: null }, undefined, key, fallbackMessage),

  job: (orderId: string, credentials: RiderCredentials, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<RiderJob>('GET', orderPath(orderId), undefined, { fallbackMessage, headers: headers(credentials), ...(signal ? { signal } : {}) }),
  /** The job as a server-rendered page came with it (read with the link's phone and key, decision 0059), for its first render. */
  pageJob: (orderId: string, fallbackMessage: string): ApiResult<RiderJob> | undefined => pageGet<RiderJob>(orderPath(orderId), fallbackMessage),
  accept: (orderId: string, credentials: RiderCredentials, key: string, fallbackMessage: string) => post<RiderChange>(`${orderPath(orderId)}/accept`, credentials, undefined, key, fallbackMessage),
  pickup: (orderId: string, credentials: RiderCredentials, photo: File, key: string, fallbackMessage: string) => {
    const form = new FormData();
    form.set('photo', photo);
    return post<RiderChange>(`${orderPath(orderId)}/pickup`, credentials, form, key, fallbackMessage);
  },
  complete: (orderId: string, credentials: RiderCredentials, deliveryCode: string, key: string, fallbackMessage: string) =>
    post<RiderChange>(`${orderPath(orderId)}/complete`, credentials, { deliveryCode }, key, fallbackMessage),
  paymentConfirmation: (orderId: string, credentials: RiderCredentials, body: { paymentReceived: boolean; paymentIssue: string | null }, key: string, fallbackMessage: string) =>
    post<RiderChange>(`${orderPath(orderId)}/payment-confirmation`, credentials, body, key, fallbackMessage),
  buyerRejected: (orderId: string, credentials: RiderCredentials, reason: string, key: string, fallbackMessage: string) =>
    post<RiderChange>(`${orderPath(orderId)}/refund-request`, credentials, { reason }, key, fallbackMessage),

  /** EventSource cannot send headers: the live stream takes `?phone=&key=` (decision 0013). */
  liveUrl: (orderId: string, credentials: RiderCredentials) =>
    `/api/live/orders/${encodeURIComponent(orderId)}?phone=${encodeURIComponent(credentials.phone)}&key=${encodeURIComponent(credentials.key ?? '')}`,
};
