import type { SmsDeliveryReport } from '@escrow/core';
import { expect, it } from 'vitest';
import { createKyselySmsDeliveryReports } from '../../src/index.js';
import { expectRefused } from '../support/expectations.js';
import { at } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

const report = (status: SmsDeliveryReport['status'], minute: number, extra: Partial<SmsDeliveryReport> = {}): SmsDeliveryReport => ({
  providerMessageId: 'ATXid_5c2d0e1f',
  status,
  phoneNumber: '+254712345678',
  networkCode: '63902',
  failureReason: null,
  retryCount: 0,
  receivedAt: at(minute),
  ...extra,
});

/** An SMS the outbox delivered and Africa's Talking named `providerId`. */
async function sentSms(harness: HarnessAccess, id: string, providerId: string): Promise<void> {
  const h = harness();
  await h.store.transaction(async (tx) => {
    await tx.outbox.enqueue({ id, topic: 'notification', payload: { channel: 'sms', to: '+254712345678', subject: 'Delivery code', body: 'Escrow Delivery: hello' }, createdAt: at(1), attempts: 0, nextAttemptAt: at(1), deliveredAt: null, lastError: null });
    await tx.outbox.markDelivered(id, at(2), undefined, providerId);
  });
}

export function smsDeliveryReportsContract(harness: HarnessAccess): void {
  it('stores each report once per (message id, status): a repeat writes nothing and says so', async () => {
    const reports = createKyselySmsDeliveryReports(harness().db);
    expect(await reports.record(report('Sent', 3))).toBe(true);
    expect(await reports.record(report('Success', 4, { retryCount: 1 }))).toBe(true);
    expect(await reports.record(report('Success', 5, { networkCode: null }))).toBe(false);
    expect(await reports.record(report('Success', 4, { providerMessageId: 'ATXid_other' }))).toBe(true);
    const rows = await harness().db.selectFrom('sms_delivery_reports').select(['provider_message_id', 'status', 'network_code', 'retry_count', 'received_at']).orderBy('seq').execute();
    expect(rows).toEqual([
      { provider_message_id: 'ATXid_5c2d0e1f', status: 'Sent', network_code: '63902', retry_count: 0, received_at: at(3).toISOString() },
      { provider_message_id: 'ATXid_5c2d0e1f', status: 'Success', network_code: '63902', retry_count: 1, received_at: at(4).toISOString() },
      { provider_message_id: 'ATXid_other', status: 'Success', network_code: '63902', retry_count: 0, received_at: at(4).toISOString() },
    ]);
  });

  it('stores one of 12 copies POSTed at once', async () => {
    const reports = createKyselySmsDeliveryReports(harness().db);
    const stored = await Promise.all(Array.from({ length: 12 }, (_, i) => reports.record(report('Failed', 3, { failureReason: 'DeliveryFailure', retryCount: i }))));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await harness().db.selectFrom('sms_delivery_reports').select('seq').execute()).toHaveLength(1);
  });

  it('says where a message stands, tied to the outbox message sent as it: a final status outranks a later on-the-way one', async () => {
    await sentSms(harness, 'm1', 'ATXid_5c2d0e1f');
    const reports = createKyselySmsDeliveryReports(harness().db);
    expect(await reports.stateOf('ATXid_5c2d0e1f')).toBeUndefined();
    expect(await reports.stateOfOutboxMessage('m1')).toBeUndefined();
    await reports.record(report('Sent', 3));
    await reports.record(report('Success', 4));
    await reports.record(report('Buffered', 5));
    const state = await reports.stateOfOutboxMessage('m1');
    expect(state).toMatchObject({ providerMessageId: 'ATXid_5c2d0e1f', outboxId: 'm1', status: 'Success', failureReason: null, at: at(4) });
    expect(state?.reports.map((r) => r.status)).toEqual(['Sent', 'Success', 'Buffered']);
    expect(state?.reports[0]).toEqual(report('Sent', 3));
    expect(await reports.stateOfOutboxMessage('nope')).toBeUndefined();
  });

  it('keeps a report for a message the outbox does not know (yet), and ties it once the outbox writes the id', async () => {
    const reports = createKyselySmsDeliveryReports(harness().db);
    await reports.record(report('Failed', 3, { providerMessageId: 'ATXid_early', failureReason: 'UserInBlackList' }));
    expect(await reports.stateOf('ATXid_early')).toMatchObject({ outboxId: null, status: 'Failed', failureReason: 'UserInBlackList' });
    await sentSms(harness, 'm9', 'ATXid_early');
    expect(await reports.stateOf('ATXid_early')).toMatchObject({ outboxId: 'm9', status: 'Failed' });
  });

  it('refuses a status outside the six, and a negative retry count', async () => {
    const { db } = harness();
    const row = { provider_message_id: 'ATXid_x', status: 'Success', phone_number: '+254712345678', network_code: null, failure_reason: null, retry_count: 0, received_at: at(3).toISOString() };
    await expectRefused(db.insertInto('sms_delivery_reports').values({ ...row, status: 'Delivered' }).execute(), 'check');
    await expectRefused(db.insertInto('sms_delivery_reports').values({ ...row, retry_count: -1 }).execute(), 'check');
  });
}
