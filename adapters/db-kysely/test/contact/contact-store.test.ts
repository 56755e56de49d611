import type { ContactSubmission } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKyselyContactStore } from '../../src/index.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, sqliteTarget, type StoreHarness, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('ContactStore');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const submission = (overrides: Partial<ContactSubmission> = {}): ContactSubmission => ({
  id: 'c-1',
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.com',
  phone: '0712 345 678',
  message: 'How do I add a second rider?',
  createdAt: new Date('2026-03-02T07:15:00.123Z'),
  ...overrides,
});

describe.each(targets)('ContactStore on $name', (target) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await target.open();
  });
  afterEach(async () => harness.dispose());

  it('stores a message unresolved, exactly as given, with its time in UTC', async () => {
    const store = createKyselyContactStore(harness.db, harness.dialect);
    await store.insert(submission());
    await store.insert(submission({ id: 'c-2', phone: null, name: 'Ünïcode 名前 🙂', message: 'x'.repeat(1000) }));

    const rows = await harness.db.selectFrom('contact_submissions').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: 'c-1',
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.com',
      phone: '0712 345 678',
      message: 'How do I add a second rider?',
      resolved_at: null,
      resolved_by: null,
      created_at: '2026-03-02T07:15:00.123Z',
    });
    expect(Boolean(rows[0]?.resolved)).toBe(false);
    expect(rows[1]).toMatchObject({ phone: null, name: 'Ünïcode 名前 🙂', message: 'x'.repeat(1000) });
  });

  it('refuses a second message with the same id', async () => {
    const store = createKyselyContactStore(harness.db, harness.dialect);
    await store.insert(submission());
    await expect(store.insert(submission())).rejects.toThrow();
  });

  it.each([
    ['a name over 100 characters', { name: 'n'.repeat(101) }],
    ['an empty message', { message: '' }],
    ['a message over 1000 characters', { message: 'm'.repeat(1001) }],
    ['a phone over 20 characters', { phone: '0'.repeat(21) }],
  ])('keeps the database CHECKs as a last line against %s', async (_case, overrides) => {
    const store = createKyselyContactStore(harness.db, harness.dialect);
    await expect(store.insert(submission(overrides))).rejects.toThrow();
    expect(await harness.db.selectFrom('contact_submissions').select('id').execute()).toEqual([]);
  });
});
