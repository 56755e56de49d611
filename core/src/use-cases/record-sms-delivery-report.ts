import type { Clock } from '../ports/clock.js';
import type { SmsDeliveryReport, SmsDeliveryReports, SmsDeliveryState } from '../ports/sms-delivery-reports.js';

export interface RecordSmsDeliveryReportDeps {
  readonly smsReports: SmsDeliveryReports;
  readonly clock: Clock;
}

/** A delivery report as the provider sent it, already parsed (the adapter's parser). */
export type SmsDeliveryReportInput = Omit<SmsDeliveryReport, 'receivedAt'>;

export interface RecordedSmsDeliveryReport {
  /** False for a repeat: the same message id and status were stored before, and nothing changed. */
  readonly stored: boolean;
  /** Where the message stands now; `outboxId` null when the outbox does not know the message id. */
  readonly state: SmsDeliveryState | undefined;
}

/**
 * Stores a delivery report once per (message id, status) and says where the message stands.
 * Reports only inform (an operator, and later the screens that say "code sent"): nothing is
 * resent or changed because of one, so an unsigned report from a stranger can mislead a screen
 * at worst, never move money or codes (docs/decisions/0045).
 */
export async function recordSmsDeliveryReport(deps: RecordSmsDeliveryReportDeps, input: SmsDeliveryReportInput): Promise<RecordedSmsDeliveryReport> {
  const stored = await deps.smsReports.record({ ...input, receivedAt: deps.clock.now() });
  return { stored, state: await deps.smsReports.stateOf(input.providerMessageId) };
}
