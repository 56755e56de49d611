import type { JsonText, Seq, Timestamp } from './column-types.js';

/** Side effects to run after commit (notifications, payouts), retried until delivered. */
export interface OutboxTable {
  seq: Seq;
  id: string;
  topic: string;
  payload: JsonText;
  created_at: Timestamp;
  attempts: number;
  next_attempt_at: Timestamp;
  delivered_at: Timestamp | null;
  last_error: string | null;
  /** Set when the dispatcher gave up on the message (kept for an operator, never claimed again). */
  given_up_at: Timestamp | null;
  /** What the provider called the message when it accepted it (migration 0012). */
  provider_id: string | null;
  /** What the provider said it cost when it accepted it, as written ("KES 0.8000"; migration 0020). */
  provider_cost: string | null;
}

/** Africa's Talking's delivery reports, once per (provider_message_id, status) (migration 0012). */
export interface SmsDeliveryReportsTable {
  seq: Seq;
  provider_message_id: string;
  status: string;
  phone_number: string;
  network_code: string | null;
  failure_reason: string | null;
  retry_count: number | null;
  received_at: Timestamp;
}

/**
 * The same key twice gives the same answer: the first request stores its response here.
 * `response_status` is null while the first request is still running.
 */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The health check's write probe (migration 0010); nothing else uses it. */
export interface HealthProbeTable {
  id: string;
  checked_at: Timestamp;
  pad: Uint8Array | null;
}

/** Fixed-window counters (per address, per order, per email) for look-ups and code checks. */
export interface RateLimitCountersTable {
  bucket_key: string;
  window_start: Timestamp;
  count: number;
  expires_at: Timestamp;
}

/** Failures per key with the time of the latest (migration 0009): waits that grow with each failure. */
export interface FailureCountersTable {
  bucket_key: string;
  failures: number;
  last_failure_at: Timestamp;
  expires_at: Timestamp;
}

/** Random secrets of the deployment, made once (migration 0009): the buyer's proof cookie key. */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: Timestamp;
}

/** Admin writes that touch no order (migration 0006); append-only, enforced by triggers. */
export interface AdminAuditLogTable {
  seq: Seq;
  id: string;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  /** JSON text, or null when there was nothing before (or is nothing after). */
  before: JsonText | null;
  after: JsonText | null;
  at: Timestamp;
}

/** Periodic jobs run by one process of many (migration 0008): whoever holds a row runs its job until `lease_until`. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: Timestamp;
}
