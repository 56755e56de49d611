import { deliverOutbox, resetCodeEmail } from '@escrow/core';
import { FixedClock, MemoryEscrowStore } from '@escrow/core/testing';
import { describe, expect, it } from 'vitest';
import { ConsoleNotifier } from '../src/index.js';

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

  it('is what the parallel outbox dispatcher sends through by default: each message printed once, delivered, secrets erased after', async () => {
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
    expect(lines.some((l) => l.includes('042917'))).toBe(true);
    expect([...store.state.outbox.values()].every((m) => m.deliveredAt !== null)).toBe(true);
    expect(JSON.stringify(store.state.outbox.get('m7')?.payload)).not.toContain('042917');
  });
});
