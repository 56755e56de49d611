import { cashDeliveryCodeSms, cents, deliverOutbox, deliveryCodeSms, resetCodeEmail, riderPhoneCodeSms, type Notification } from '@escrow/core';
import { FixedClock, MemoryEscrowStore } from '@escrow/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConsoleNotifier } from '../src/index.js';

const PHONE = '+254712345678';

/** The lines a notifier with these options prints for one message. */
async function linesFor(notification: Notification, options?: { printSensitive?: boolean }): Promise<string[]> {
  const lines: string[] = [];
  expect(await new ConsoleNotifier((l) => lines.push(l), options).send(notification, 'k')).toEqual({ ok: true, providerId: 'console:k' });
  return lines;
}

describe('ConsoleNotifier', () => {
  it('prints a notification once per idempotency key', async () => {
    const lines: string[] = [];
    const notifier = new ConsoleNotifier((l) => lines.push(l));
    const n = { channel: 'email' as const, to: 'amani@example.com', subject: 'Payment confirmed', body: 'Assign a rider to proceed.' };
    expect(await notifier.send(n, 'k1')).toMatchObject({ ok: true });
    await notifier.send(n, 'k1');
    await notifier.send(n, 'k2');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('to=amani@example.com');
    expect(lines[0]).toContain('Assign a rider to proceed.');
  });

  it('is what the parallel outbox dispatcher sends through by default: each message printed once (a secret never), delivered, secrets erased after', async () => {
    const store = new MemoryEscrowStore();
    const clock = new FixedClock();
    await store.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) {
        const payload = i === 7 ? { ...resetCodeEmail('amani@example.com', '042917') } : { channel: 'email', to: `seller${i}@example.com`, subject: `Order ${i}`, body: 'Payment confirmed.' };
        await tx.outbox.enqueue({ id: `m${i}`, topic: 'notification', payload, createdAt: clock.now(), attempts: 0, nextAttemptAt: clock.now(), deliveredAt: null, lastError: null });
      }
    });
    const lines: string[] = [];
    const report = await deliverOutbox({ store, clock, notifier: new ConsoleNotifier((l) => lines.push(l)) }, { concurrency: 8, batchSize: 10 });
    expect(report).toMatchObject({ claimed: 40, delivered: 40, failed: 0 });
    expect(lines).toHaveLength(40);
    expect(lines.filter((l) => l.includes('042917'))).toEqual([]);
    expect(lines).toContain(`[notify:email] to=amani@example.com length=${resetCodeEmail('amani@example.com', '042917').body.length} text withheld: sensitive`);
    expect([...store.state.outbox.values()].every((m) => m.deliveredAt !== null)).toBe(true);
    expect(JSON.stringify(store.state.outbox.get('m7')?.payload)).not.toContain('042917');
  });
});

describe('a sensitive message on the console (standard output is a log when no provider is set)', () => {
  it('the delivery code SMS: who it went to and how long it is, never its text', async () => {
    const body = deliveryCodeSms({ trackingNumber: 'ESC-7K3M9Q', price: cents(1_250_000), code: '482913' });
    expect(await linesFor({ channel: 'sms', to: PHONE, subject: '', body, sensitive: true })).toEqual([`[notify:sms] to=${PHONE} length=${body.length} text withheld: sensitive`]);
  });

  it('the rider code SMS: its subject is withheld with the text', async () => {
    const [line] = await linesFor(riderPhoneCodeSms(PHONE, '771204'));
    expect(line).toMatch(/^\[notify:sms\] to=\+254712345678 length=\d+ text withheld: sensitive$/);
    expect(line).not.toContain('rider code');
  });

  it('for any code, in any code-bearing message, the printed line holds none of its digits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{6}$/), fc.constantFrom('paid', 'cash', 'rider', 'reset'), async (code, kind) => {
        const message: Notification =
          kind === 'paid'
            ? { channel: 'sms', to: PHONE, subject: '', body: deliveryCodeSms({ trackingNumber: 'ESC-7K3M9Q', price: cents(250_000), code }), sensitive: true }
            : kind === 'cash'
              ? { channel: 'sms', to: PHONE, subject: '', body: cashDeliveryCodeSms({ trackingNumber: 'ESC-7K3M9Q', code }), sensitive: true }
              : kind === 'rider'
                ? riderPhoneCodeSms(PHONE, code)
                : resetCodeEmail('amani@example.com', code);
        expect(message.body).toContain(code);
        const [line = ''] = await linesFor(message);
        expect(line).toBe(`[notify:${message.channel}] to=${message.to} length=${message.body.length} text withheld: sensitive`);
        // Its only digits are the address's and the length's (at most 3: never six of the code).
        expect(line.replace(`to=${message.to}`, '')).not.toContain(code);
      }),
      { numRuns: 200 },
    );
  });

  it('printSensitive (the API\'s NOTIFY_CONSOLE_FILE, development and tests only) prints the whole message', async () => {
    const sms = riderPhoneCodeSms(PHONE, '771204');
    expect(await linesFor(sms, { printSensitive: true })).toEqual([`[notify:sms] to=${PHONE} subject=${JSON.stringify(sms.subject)} body=${JSON.stringify(sms.body)}`]);
  });

  it('a message not marked sensitive is printed whole either way', async () => {
    const n: Notification = { channel: 'sms', to: PHONE, subject: 'Out for delivery', body: 'Escrow Delivery: Your order is on its way.' };
    const whole = `[notify:sms] to=${PHONE} subject="Out for delivery" body="Escrow Delivery: Your order is on its way."`;
    expect(await linesFor(n)).toEqual([whole]);
    expect(await linesFor(n, { printSensitive: true })).toEqual([whole]);
  });
});
