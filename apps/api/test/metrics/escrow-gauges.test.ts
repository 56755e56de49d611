import type { MetricsQueries, OutboxBacklog } from '@escrow/core';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { bearerMatches } from '../../src/features/metrics/routes.js';
import { escrowGauges } from '../../src/metrics/escrow-gauges.js';
import { nonZero, parseExposition, valueOf } from './exposition.js';

const at = new Date('2026-11-29T02:00:00.000Z');
const clock = { now: () => at };

/** Queries answering at once, except the ones told to hang or fail. */
function queries(overrides: Partial<MetricsQueries> = {}): MetricsQueries & { calls: number } {
  const counted = {
    calls: 0,
    ordersByStatus: async () => {
      counted.calls += 1;
      return [{ status: 'paid' as const, count: 4 }];
    },
    paymentsByState: async () => [{ kind: 'stk_push' as const, state: 'failed' as const, count: 2 }],
    payoutsByState: async () => [{ purpose: 'refund' as const, state: 'succeeded' as const, count: 1 }],
    outboxBacklog: async (): Promise<OutboxBacklog> => ({ unsent: 3, oldestUnsentAt: new Date(at.getTime() - 90_500), givenUp: 1 }),
    ...overrides,
  };
  return counted;
}

const scrape = async (registry: Registry) => parseExposition(await registry.metrics());

describe('the database gauges', () => {
  it('fill in zeros for the states with no rows, and the outbox age from the clock', async () => {
    const registry = new Registry();
    await escrowGauges(registry, { queries: queries(), clock }).refresh();
    const read = await scrape(registry);
    expect(nonZero(read, 'escrow_orders', ['status'])).toEqual({ paid: 4 });
    expect(valueOf(read, 'escrow_orders', { status: 'draft' })).toBe(0);
    expect(nonZero(read, 'escrow_payments', ['kind', 'state'])).toEqual({ 'stk_push/failed': 2 });
    expect(valueOf(read, 'escrow_payments', { kind: 'c2b', state: 'matched' })).toBe(0);
    expect(nonZero(read, 'escrow_payouts', ['purpose', 'state'])).toEqual({ 'refund/succeeded': 1 });
    expect(valueOf(read, 'escrow_outbox_messages', { state: 'unsent' })).toBe(3);
    expect(valueOf(read, 'escrow_outbox_messages', { state: 'given_up' })).toBe(1);
    expect(valueOf(read, 'escrow_outbox_oldest_age_seconds', { state: 'unsent' })).toBe(90.5);
  });

  it('answer without a family the database does not give in time, which shows up 0 and counts an error, and then with it again', async () => {
    const registry = new Registry();
    let hang = true;
    const source = queries({
      outboxBacklog: () => (hang ? new Promise<OutboxBacklog>(() => undefined) : Promise.resolve({ unsent: 0, oldestUnsentAt: null, givenUp: 0 })),
      payoutsByState: () => Promise.reject(new Error('relation "payouts" does not exist')),
    });
    const gauges = escrowGauges(registry, { queries: source, clock, timeoutMs: 50 });
    const started = Date.now();
    await gauges.refresh();
    expect(Date.now() - started).toBeLessThan(1_000);
    const first = await scrape(registry);
    expect(valueOf(first, 'escrow_metrics_collect_up', { family: 'outbox' })).toBe(0);
    expect(valueOf(first, 'escrow_metrics_collect_up', { family: 'payouts' })).toBe(0);
    expect(valueOf(first, 'escrow_metrics_collect_up', { family: 'orders' })).toBe(1);
    expect(valueOf(first, 'escrow_metrics_collect_errors_total', { family: 'outbox' })).toBe(1);
    expect(valueOf(first, 'escrow_metrics_collect_errors_total', { family: 'orders' })).toBe(0);
    expect(valueOf(first, 'escrow_outbox_messages', { state: 'unsent' })).toBeUndefined();
    expect(valueOf(first, 'escrow_payouts', { purpose: 'seller', state: 'queued' })).toBeUndefined();
    expect(valueOf(first, 'escrow_orders', { status: 'paid' })).toBe(4);

    hang = false;
    await gauges.refresh();
    const second = await scrape(registry);
    expect(valueOf(second, 'escrow_metrics_collect_up', { family: 'outbox' })).toBe(1);
    expect(valueOf(second, 'escrow_outbox_messages', { state: 'unsent' })).toBe(0);
    expect(valueOf(second, 'escrow_outbox_oldest_age_seconds', { state: 'unsent' })).toBe(0);
    expect(valueOf(second, 'escrow_metrics_collect_errors_total', { family: 'outbox' })).toBe(1);
    expect(valueOf(second, 'escrow_metrics_collect_errors_total', { family: 'payouts' })).toBe(2);
  });

  it('read the database once for scrapes that arrive together', async () => {
    const source = queries();
    const gauges = escrowGauges(new Registry(), { queries: source, clock });
    await Promise.all([gauges.refresh(), gauges.refresh(), gauges.refresh()]);
    expect(source.calls).toBe(1);
    await gauges.refresh();
    expect(source.calls).toBe(2);
  });
});

describe('the scrape token', () => {
  const token = 'f'.repeat(64);
  it('matches only the whole token after Bearer', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', token, `Basic ${token}`, `Bearer ${token.slice(1)}`, `Bearer ${token}f`, `Bearer ${token} extra`]) expect(bearerMatches(header, token), String(header)).toBe(false);
  });
});
