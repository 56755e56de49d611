import { currentSmsReport, SMS_DELIVERY_STATUSES, type SmsDeliveryReport, type SmsDeliveryReports, type SmsDeliveryStatus } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SmsDeliveryReportsTable } from '../schema/operations-tables.js';
import { decodeInteger, decodeTime, encodeTime } from '../store/codec.js';

function decodeStatus(value: string): SmsDeliveryStatus {
  const status = SMS_DELIVERY_STATUSES.find((s) => s === value);
  if (!status) throw new Error(`not an SMS delivery status: ${JSON.stringify(value)}`);
  return status;
}

const toReport = (row: Selectable<SmsDeliveryReportsTable>): SmsDeliveryReport => ({
  providerMessageId: row.provider_message_id,
  status: decodeStatus(row.status),
  phoneNumber: row.phone_number,
  networkCode: row.network_code,
  failureReason: row.failure_reason,
  retryCount: row.retry_count === null ? null : decodeInteger(row.retry_count),
  receivedAt: decodeTime(row.received_at),
});

/**
 * SmsDeliveryReports over `sms_delivery_reports` and `outbox.provider_id` (migration 0012). A
 * report is inserted unless its (message id, status) is there already: ON CONFLICT DO NOTHING,
 * so two copies POSTed at once store one, on both databases, without an error to catch.
 */
export function createKyselySmsDeliveryReports(db: Kysely<Database>): SmsDeliveryReports {
  const stateOf: SmsDeliveryReports['stateOf'] = async (providerMessageId) => {
    const rows = await db.selectFrom('sms_delivery_reports').selectAll().where('provider_message_id', '=', providerMessageId).orderBy('received_at').orderBy('seq').execute();
    const reports = rows.map(toReport);
    const current = currentSmsReport(reports);
    if (!current) return undefined;
    const message = await db.selectFrom('outbox').select('id').where('provider_id', '=', providerMessageId).orderBy('seq').limit(1).executeTakeFirst();
    return { providerMessageId, outboxId: message?.id ?? null, status: current.status, failureReason: current.failureReason, at: current.receivedAt, reports };
  };
  return {
    async record(report) {
      const inserted = await db
        .insertInto('sms_delivery_reports')
        .values({
          provider_message_id: report.providerMessageId,
          status: report.status,
          phone_number: report.phoneNumber,
          network_code: report.networkCode,
          failure_reason: report.failureReason,
          retry_count: report.retryCount,
          received_at: encodeTime(report.receivedAt),
        })
        .onConflict((oc) => oc.columns(['provider_message_id', 'status']).doNothing())
        .returning('seq')
        .execute();
      return inserted.length > 0;
    },
    stateOf,
    async stateOfOutboxMessage(outboxId) {
      const message = await db.selectFrom('outbox').select('provider_id').where('id', '=', outboxId).executeTakeFirst();
      return message?.provider_id ? stateOf(message.provider_id) : undefined;
    },
  };
}
