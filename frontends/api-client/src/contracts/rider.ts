import type {
  RefundRequestRecorded,
  RiderJobChanged,
  RiderJobsAnswer,
  RiderJobSummary,
  RiderJobTaken,
  RiderJobView,
  RiderPaymentRecorded,
  RiderPhoneCodeSent,
  RiderPhoneForgotten,
  RiderPhoneProven,
  RiderPickupConfirmed,
  RiderProvenPhone,
} from '@escrow/core';
import type { Wire } from '../wire.ts';

// The answers of /api/rider as the rider's pages read them (core/src/views/rider-*.ts), through Wire. Types only.

export type RiderJob = Wire<RiderJobView>;
export type RiderJobListItem = Wire<RiderJobSummary>;
export type RiderJobs = Wire<RiderJobsAnswer>;
export type RiderJobChange = Wire<RiderJobChanged>;
export type RiderJobTakenAnswer = Wire<RiderJobTaken>;
export type RiderPhoneCodeSentAnswer = Wire<RiderPhoneCodeSent>;
export type RiderPhoneProvenAnswer = Wire<RiderPhoneProven>;

/** Every call of the rider's pages, by method and route (apps/api/src/features/rider/*-routes.ts), and its answer. */
export interface RiderEndpoints {
  'POST /api/rider/phone-code': RiderPhoneCodeSentAnswer;
  'GET /api/rider/phone-proof': Wire<RiderProvenPhone>;
  'POST /api/rider/phone-proof': RiderPhoneProvenAnswer;
  'DELETE /api/rider/phone-proof': Wire<RiderPhoneForgotten>;
  'GET /api/rider/jobs/available': RiderJobs;
  'GET /api/rider/jobs/assigned': RiderJobs;
  'POST /api/rider/orders/:id/take': RiderJobTakenAnswer;
  'GET /api/rider/orders/:id': RiderJob;
  'POST /api/rider/orders/:id/accept': RiderJobChange;
  'POST /api/rider/orders/:id/pickup': Wire<RiderPickupConfirmed>;
  'POST /api/rider/orders/:id/complete': RiderJobChange;
  'POST /api/rider/orders/:id/payment-confirmation': Wire<RiderPaymentRecorded>;
  'POST /api/rider/orders/:id/refund-request': Wire<RefundRequestRecorded>;
}
