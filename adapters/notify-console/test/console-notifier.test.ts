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
});
