/**
 * What the SMS provider (Africa's Talking) reports of a message after accepting it. Sent,
 * Submitted and Buffered are on the way; Success (on the handset), Failed and Rejected are final.
 */
export const SMS_DELIVERY_STATUSES = ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed'] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

export const FINAL_SMS_DELIVERY_STATUSES: ReadonlySet<SmsDeliveryStatus> = new Set(['Rejected', 'Success', 'Failed']);

/** One delivery report, as the provider POSTed it (table sms_delivery_reports). */
export interface SmsDeliveryReport {
  /** The provider's id of the message: what it answered when the outbox sent it (the outbox row's `providerId`). */
  readonly providerMessageId: string;
  readonly status: SmsDeliveryStatus;
  /** The number it went to, as the provider wrote it (E.164). */
  readonly phoneNumber: string;
  /** The mobile network that handled it (63902 Safaricom, 63903 Airtel, ...), when given. */
  readonly networkCode: string | null;
  /** Why it failed (Failed, Rejected), when the network said: DeliveryFailure, UserInBlackList, ... */
  readonly failureReason: string | null;
  /** How many times the provider retried it, when given. */
  readonly retryCount: number | null;
  readonly receivedAt: Date;
}

/** Where a message stands: its latest report (a final one outranks any on-the-way one, whatever came last). */
export interface SmsDeliveryState {
  readonly providerMessageId: string;
  /** The outbox message that was sent as it; null when the report came for a message the outbox does not know (yet). */
  readonly outboxId: string | null;
  readonly status: SmsDeliveryStatus;
  readonly failureReason: string | null;
  readonly at: Date;
  /** Every report stored for it, oldest first. */
  readonly reports: readonly SmsDeliveryReport[];
}

/**
 * Delivery reports, apart from the EscrowStore: a report changes no order, so it needs none of
 * its transactions. The provider may send a report more than once; it is stored once per
 * (message id, status).
 */
export interface SmsDeliveryReports {
  /** Stores the report; false when one with the same message id and status was already stored (nothing written). */
  record(report: SmsDeliveryReport): Promise<boolean>;
  /** The message's delivery as reported so far, by the provider's id; undefined when nothing was reported. */
  stateOf(providerMessageId: string): Promise<SmsDeliveryState | undefined>;
  /** The same, by the outbox message that was sent; undefined when it has no provider id or no report yet. */
  stateOfOutboxMessage(outboxId: string): Promise<SmsDeliveryState | undefined>;
}

/** The report that says where a message stands: the latest final one, else the latest of all. */
export function currentSmsReport(reports: readonly SmsDeliveryReport[]): SmsDeliveryReport | undefined {
  let best: SmsDeliveryReport | undefined;
  for (const report of reports) {
    const final = FINAL_SMS_DELIVERY_STATUSES.has(report.status);
    const bestFinal = best !== undefined && FINAL_SMS_DELIVERY_STATUSES.has(best.status);
    if (best === undefined || (final && !bestFinal) || (final === bestFinal && report.receivedAt.getTime() >= best.receivedAt.getTime())) best = report;
  }
  return best;
}
