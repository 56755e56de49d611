import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { embedCore } from './embed-core.example.js';

// docs/embedding.md shows embed-core.example.ts: it must keep running, and saying what the page says.
it('the embedding example opens SQLite, creates and pays an order through the core, and finds the ledger in agreement', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-embed-'));
  const lines: string[] = [];
  try {
    await embedCore(join(dir, 'escrow.sqlite'), (line) => lines.push(line));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect(lines).toEqual([
    expect.stringMatching(/^order \S+: awaiting_payment$/),
    expect.stringMatching(/^order \S+: paid$/),
    'escrow holds 6500000 cents',
    'ledger agrees with the order',
  ]);
});
