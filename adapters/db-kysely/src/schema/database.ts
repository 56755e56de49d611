import type {
  BuyerProfilesTable,
  ContactSubmissionsTable,
  OAuthIdentitiesTable,
  OAuthSignInAttemptsTable,
  PasswordResetCodesTable,
  PasswordVerificationTable,
  SellersTable,
  SessionsTable,
  SystemConfigTable,
  UserRolesTable,
  UsersTable,
} from './account-tables.js';
import type { LedgerEntriesTable, LedgerPostingsTable } from './ledger-tables.js';
import type { AdminAuditLogTable, FailureCountersTable, HealthProbeTable, IdempotencyKeysTable, JobLeasesTable, OutboxTable, RateLimitCountersTable, ServerSecretsTable, SmsDeliveryReportsTable } from './operations-tables.js';
import type {
  CodeAttemptsTable,
  FeedbackTable,
  OrderEventsTable,
  OrdersTable,
  PaymentReceiptsTable,
  RefundRequestsTable,
  RiderPaymentConfirmationsTable,
  RiderLocalesTable,
  RidersTable,
} from './order-tables.js';
import type { C2bPaymentsTable, MoneyOutReferencesTable, PayoutsTable, StatusQueriesTable, StkRequestsTable } from './payment-tables.js';
import type { RiderPhoneCodesTable, RiderPhoneProofsTable } from './rider-phone-tables.js';

/** The Kysely view of the schema built by src/migrations (table name -> row shape). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_roles: UserRolesTable;
  password_verification: PasswordVerificationTable;
  password_reset_codes: PasswordResetCodesTable;
  oauth_identities: OAuthIdentitiesTable;
  oauth_sign_in_attempts: OAuthSignInAttemptsTable;
  sellers: SellersTable;
  buyer_profiles: BuyerProfilesTable;
  system_config: SystemConfigTable;
  contact_submissions: ContactSubmissionsTable;
  riders: RidersTable;
  rider_locales: RiderLocalesTable;
  orders: OrdersTable;
  payment_receipts: PaymentReceiptsTable;
  stk_requests: StkRequestsTable;
  c2b_payments: C2bPaymentsTable;
  status_queries: StatusQueriesTable;
  payouts: PayoutsTable;
  money_out_references: MoneyOutReferencesTable;
  ledger_postings: LedgerPostingsTable;
  ledger_entries: LedgerEntriesTable;
  order_events: OrderEventsTable;
  code_attempts: CodeAttemptsTable;
  feedback: FeedbackTable;
  rider_payment_confirmations: RiderPaymentConfirmationsTable;
  refund_requests: RefundRequestsTable;
  outbox: OutboxTable;
  sms_delivery_reports: SmsDeliveryReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  failure_counters: FailureCountersTable;
  server_secrets: ServerSecretsTable;
  admin_audit_log: AdminAuditLogTable;
  job_leases: JobLeasesTable;
  health_probe: HealthProbeTable;
  rider_phone_codes: RiderPhoneCodesTable;
  rider_phone_proofs: RiderPhoneProofsTable;
}

export type TableName = keyof Database;
