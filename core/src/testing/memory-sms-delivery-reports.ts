import type { OutboxMessage } from '../ports/records.js';
import { currentSmsReport, type SmsDeliveryReport, type SmsDeliveryReports, type SmsDeliveryState } from '../ports/sms-delivery-reports.js';

/** SmsDeliveryReports in memory, over the outbox of a MemoryEscrowStore (or none). */
export class MemorySmsDeliveryReports implements SmsDeliveryReports {
  readonly reports: SmsDeliveryReport[] = [];

  constructor(private readonly outbox: () => Iterable<OutboxMessage> = () => []) {}

  async record(report: SmsDeliveryReport): Promise<boolean> {
    if (this.reports.some((r) => r.providerMessageId === report.providerMessageId && r.status === report.status)) return false;
    this.reports.push(report);
    return true;
  }

  async stateOf(providerMessageId: string): Promise<SmsDeliveryState | undefined> {
    const reports = this.reports.filter((r) => r.providerMessageId === providerMessageId).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    const current = currentSmsReport(reports);
    if (!current) return undefined;
    const message = [...this.outbox()].find((m) => m.providerId === providerMessageId);
    return { providerMessageId, outboxId: message?.id ?? null, status: current.status, failureReason: current.failureReason, at: current.receivedAt, reports };
  }

  async stateOfOutboxMessage(outboxId: string): Promise<SmsDeliveryState | undefined> {
    const providerId = [...this.outbox()].find((m) => m.id === outboxId)?.providerId;
    return providerId ? this.stateOf(providerId) : undefined;
  }
}
