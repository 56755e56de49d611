import type { RiderPaymentConfirmation } from '../ports/records.js';
import type { RiderPhoneCodeRequested } from '../use-cases/rider-phone/request-rider-phone-code.js';
import type { ProvenRiderPhone } from '../use-cases/rider-phone/verify-rider-phone-code.js';
import type { RiderJobStatusView, RiderJobSummary } from './rider-job-view.js';

// The answers of /api/rider that its routes put together from the views (apps/api/src/features/rider/*-routes.ts,
// each checked with `satisfies Wire<...>`): the rider's pages read them as Wire<...> (@escrow/api-client/contracts/rider).

/** GET /api/rider/jobs/available and /api/rider/jobs/assigned. */
export interface RiderJobsAnswer {
  readonly jobs: readonly RiderJobSummary[];
}

/** A step of the job done (accept, complete): the new status; the page re-reads the job. */
export interface RiderJobChanged {
  readonly job: RiderJobStatusView;
  readonly message: string;
}

/** POST /api/rider/orders/:id/pickup. */
export interface RiderPickupConfirmed extends RiderJobChanged {
  readonly pickupPhotoUrl: string | null;
}

/**
 * POST /api/rider/orders/:id/take: the job's key and link, handed out once to the rider who took
 * it (a taken job has both; null only by the order's type, which allows a job without a rider).
 */
export interface RiderJobTaken extends RiderJobChanged {
  readonly riderKey: string | null;
  readonly riderLink: string | null;
}

/** POST /api/rider/orders/:id/payment-confirmation. */
export interface RiderPaymentRecorded {
  readonly confirmation: Pick<RiderPaymentConfirmation, 'id' | 'paymentReceived' | 'paymentIssue' | 'createdAt'>;
  readonly message: string;
}

/** POST /api/rider/phone-code: the same answer for any number (decision 0046). */
export interface RiderPhoneCodeSent extends RiderPhoneCodeRequested {
  readonly sent: true;
  /** How long the page waits before it offers "Resend code". */
  readonly resendAfterSeconds: number;
  readonly message: string;
}

/** POST /api/rider/phone-proof: the proof itself travels as an HttpOnly cookie, never in the answer. */
export interface RiderPhoneProven extends Omit<ProvenRiderPhone, 'token'> {
  readonly message: string;
}

/** GET /api/rider/phone-proof: the phone this browser has proved, or null. */
export interface RiderProvenPhone {
  readonly phone: string | null;
}

/** DELETE /api/rider/phone-proof. */
export interface RiderPhoneForgotten {
  readonly signedOut: true;
  readonly message: string;
}
