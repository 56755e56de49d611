import { afterEach, describe, expect, it } from 'vitest';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { databaseForProcesses, postgresTarget, sqliteTarget } from '@escrow/db-kysely/testing';
import { cli } from './support/run-cli.js';

const postgres = await postgresForTests('escrow-admin outbox status');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(postgres.available ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('escrow-admin outbox status on %s (a real process)', (dialect) => {
  it('shows the backlog and every message given up on, with its address and last error', { timeout: 60_000 }, async () => {
    const { store, env, dispose } = await databaseForProcesses(dialect === 'sqlite' ? sqliteTarget : postgresTarget(postgres.url), { poolSize: 2 });
    cleanups.push(dispose);
    const created = new Date(Date.now() - 10 * 60_000);
    const email = (id: string, to: string, subject: string) => ({ id, topic: 'notification' as const, payload: { channel: 'email', to, subject, body: 'Body' }, createdAt: created, attempts: 0, nextAttemptAt: created, deliveredAt: null, lastError: null });
    await store.transaction(async (tx) => {
      await tx.outbox.enqueue(email('m1', 'nobody@example.com', 'Payment confirmed'));
      await tx.outbox.enqueue(email('m2', 'amani@example.com', 'New order created'));
      await tx.outbox.enqueue(email('m3', 'baraka@example.com', 'Order delivered'));
      await tx.outbox.enqueue(email('m4', 'wanjiku@example.com', 'Refund requested'));
    });
    await store.transaction(async (tx) => {
      const [m1, m2] = await tx.outbox.claimDue(new Date(), 2, new Date(Date.now() + 60_000));
      await tx.outbox.markGivenUp(m1?.id ?? '', m1?.attempts ?? 0, '550 No such user here', new Date());
      await tx.outbox.markDelivered(m2?.id ?? '', new Date());
    });

    const text = await cli(['outbox', 'status'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Backlog: 2 due now, the longest due since \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(text.stdout).toContain('Waiting: 0');
    expect(text.stdout).toContain('Delivered: 1.');
    expect(text.stdout).toContain('Given up: 1.');
    expect(text.stdout).toMatch(/nobody@example\.com\s+Payment confirmed\s+1 {2}550 No such user here/);

    const json = await cli(['outbox', 'status', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual({
      due: 2,
      waiting: 0,
      givenUp: 1,
      delivered: 1,
      oldestDueAt: created.toISOString(),
      givenUpMessages: [{ id: 'm1', channel: 'email', to: 'nobody@example.com', subject: 'Payment confirmed', createdAt: created.toISOString(), givenUpAt: expect.any(String), attempts: 1, lastError: '550 No such user here' }],
    });
    const wrong = await cli(['outbox', 'status', '--limit', 'x'], env);
    expect(wrong.code).toBe(2);
  });
});
