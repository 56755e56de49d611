import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOrderLifecycle } from '../examples/order-lifecycle.js';

describe('the core README example', () => {
  it('runs an order through its whole life on a SQLite file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'escrow-readme-'));
    try {
      const lines = await runOrderLifecycle(join(dir, 'escrow.sqlite'));
      expect(lines[0]).toMatch(/^created [2-9A-HJKMNP-Z]{10}: price KSh 65,000.00, fee KSh 1,625.00, seller gets KSh 63,375.00 \(awaiting_payment\)$/);
      expect(lines.slice(1)).toEqual(['-> paid', '-> rider_assigned (+254711222333)', '-> in_transit', '-> awaiting_settlement', '-> settlement_completed']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
