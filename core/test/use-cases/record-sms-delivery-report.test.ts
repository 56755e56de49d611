import { describe, expect, it } from 'vitest';
import { currentSmsReport, deliverOutbox, recordSmsDeliveryReport, smsNotification, type DeliveryOutcome, type Notification, type Notifier, type SmsDeliveryReport } from '../../src/index.js';
import { FixedClock, MemoryEscrowStore, MemorySmsDeliveryReports } from '../../src/testing/index.js';

/** A provider that accepts every SMS, names it ATXid_<n> and says what it cost. */
class NumberingProvider implements Notifier {
  private next = 0;
  async send(_n: Notification): Promise<DeliveryOutcome> {
    this.next += 1;
    return { ok: true, providerId: `ATXid_${this.next}`, cost: 'KES 0.8000' };
  }
}

async function oneSmsSent(options: { sensitive?: boolean } = {}) {
  const store = new MemoryEscrowStore();
  const clock = new FixedClock();
  const payload = smsNotification('+254712345678', 'Delivery code', 'Your delivery code is 482913.', options);
  await store.transaction((tx) => tx.outbox.enqueue({ id: 'm1', topic: 'notification', payload: { ...payload }, createdAt: clock.now(), attempts: 0, nextAttemptAt: clock.now(), deliveredAt: null, lastError: null }));
  await deliverOutbox({ store, clock, notifier: new NumberingProvider() });
  const smsReports = new MemorySmsDeliveryReports(() => store.state.outbox.values());
  return { store, clock, smsReports };
}

const report = (status: SmsDeliveryReport['status'], at: number, failureReason: string | null = null): SmsDeliveryReport => ({
  providerMessageId: 'ATXid_1',
  status,
  phoneNumber: '+254712345678',
  networkCode: '63902',
  failureReason,
  retryCount: 0,
  receivedAt: new Date(at),
});

describe('the outbox keeps what the provider called a message and what it cost', () => {
  it('as its providerId and providerCost, for a plain message and for a sensitive one (whose text is erased)', async () => {
    for (const sensitive of [false, true]) {
      const { store } = await oneSmsSent({ sensitive });
      expect(store.state.outbox.get('m1')).toMatchObject({ providerId: 'ATXid_1', providerCost: 'KES 0.8000', deliveredAt: expect.any(Date) });
      expect(JSON.stringify(store.state.outbox.get('m1')?.payload).includes('482913')).toBe(!sensitive);
    }
  });
});

describe('recordSmsDeliveryReport', () => {
  it('stores a report once per (message id, status), and ties it to the outbox message', async () => {
    const { clock, smsReports } = await oneSmsSent();
    const input = { providerMessageId: 'ATXid_1', status: 'Success' as const, phoneNumber: '+254712345678', networkCode: '63902', failureReason: null, retryCount: 0 };
    const first = await recordSmsDeliveryReport({ smsReports, clock }, input);
    expect(first).toMatchObject({ stored: true, state: { providerMessageId: 'ATXid_1', outboxId: 'm1', status: 'Success', at: clock.now() } });
    clock.advance(1_000);
    const again = await recordSmsDeliveryReport({ smsReports, clock }, input);
    expect(again.stored).toBe(false);
    expect(smsReports.reports).toHaveLength(1);
    expect(await smsReports.stateOfOutboxMessage('m1')).toMatchObject({ status: 'Success', reports: [{ status: 'Success' }] });
  });

  it('keeps a report for a message the outbox does not know, with no outbox id', async () => {
    const { clock, smsReports } = await oneSmsSent();
    const recorded = await recordSmsDeliveryReport({ smsReports, clock }, { providerMessageId: 'ATXid_other', status: 'Failed', phoneNumber: '+254700000001', networkCode: null, failureReason: 'DeliveryFailure', retryCount: null });
    expect(recorded).toMatchObject({ stored: true, state: { outboxId: null, status: 'Failed', failureReason: 'DeliveryFailure' } });
  });
});

describe('currentSmsReport', () => {
  it('is the latest report, except that a final status outranks an on-the-way one that came after it', () => {
    expect(currentSmsReport([])).toBeUndefined();
    expect(currentSmsReport([report('Sent', 1), report('Buffered', 2)])?.status).toBe('Buffered');
    expect(currentSmsReport([report('Sent', 1), report('Success', 2), report('Buffered', 3)])?.status).toBe('Success');
    expect(currentSmsReport([report('Buffered', 3), report('Failed', 1, 'DeliveryFailure')])?.status).toBe('Failed');
    expect(currentSmsReport([report('Failed', 1), report('Success', 2)])?.status).toBe('Success');
  });
});
