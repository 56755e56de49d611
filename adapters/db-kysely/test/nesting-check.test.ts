import { describe, expect, it } from 'vitest';
import { nestingCheck } from '../src/store/nesting-check.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('nestingCheck (decision 0057)', () => {
  it('on (the default): refuses a call from inside a run, across awaits, and nowhere else', async () => {
    const check = nestingCheck();
    expect(() => check.refuse('EscrowStore', 'read')).not.toThrow();
    await expect(
      check.run(async () => {
        await tick();
        check.refuse('EscrowStore', 'read');
      }),
    ).rejects.toThrow('EscrowStore.read called inside a transaction of the same store; use the tx given to the transaction');
    // Work running beside a transaction (another request) is not inside it.
    let release!: () => void;
    const held = check.run(() => new Promise<void>((resolve) => (release = resolve)));
    await tick();
    expect(() => check.refuse('EscrowStore', 'transaction')).not.toThrow();
    release();
    await held;
  });

  it('off: runs the work as it is and refuses nothing', async () => {
    const check = nestingCheck(false);
    await expect(
      check.run(async () => {
        await tick();
        check.refuse('EscrowStore', 'read');
        return 'done';
      }),
    ).resolves.toBe('done');
  });
});
