// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerProblem, checkAnswer, endpointOf } from '../src/check-answer.ts';
import { requestJson } from '../src/request.ts';

const SUMMARY = { totalOrders: 12, revenueCents: 150_000, awaitingSettlement: { count: 2, payoutCents: 4_875_000, owedCents: 4_815_000 }, completed: 7, totalSellers: 3, pendingContacts: 1 };

describe('an answer checked against its contract (development only)', () => {
  it('finds the contract of a request by method and route, whatever the id and the query', () => {
    expect(endpointOf('GET', '/api/admin/orders/3f0c1a2b-0000-4000-8000-000000000003')).toBe('GET /api/admin/orders/:id');
    expect(endpointOf('GET', '/api/admin/orders/3f0c/payouts')).toBe('GET /api/admin/orders/:id/payouts');
    expect(endpointOf('GET', '/api/admin/orders?page=2&pageSize=20&status=paid')).toBe('GET /api/admin/orders');
    expect(endpointOf('GET', '/api/admin/payouts/reconciliation')).toBe('GET /api/admin/payouts/reconciliation');
    expect(endpointOf('POST', '/api/admin/orders/o-1/settlement')).toBe('POST /api/admin/orders/:id/settlement');
    expect(endpointOf('DELETE', '/api/admin/orders/o-1')).toBeUndefined();
    expect(endpointOf('GET', '/api/admin/orders/o-1/payouts/extra')).toBeUndefined();
  });

  it('accepts an answer that is its view', () => {
    expect(answerProblem('GET', '/api/admin/summary', SUMMARY)).toBeNull();
    expect(answerProblem('GET', '/api/buyer/orders/o-1/mpesa-prompt', null)).toBeNull();
  });

  it('names the path, the route and the first mismatch of one that is not', () => {
    expect(answerProblem('GET', '/api/admin/summary', { ...SUMMARY, awaitingSettlement: { ...SUMMARY.awaitingSettlement, payoutCents: '48750.00' } })).toBe(
      'GET /api/admin/summary: the answer does not match its contract (GET /api/admin/summary) at awaitingSettlement.payoutCents: Invalid input: expected number, received string',
    );
    const { pendingContacts: _missing, ...withoutOne } = SUMMARY;
    expect(answerProblem('GET', '/api/admin/summary', { ...withoutOne, totalOrders: -0.5 })).toMatch(/^GET \/api\/admin\/summary: .* at totalOrders: .* \(and 1 more\)$/);
    // A field the view does not have is a mismatch too: the contract is the whole answer.
    expect(answerProblem('GET', '/api/admin/summary', { ...SUMMARY, deliveryCode: '123456' })).toMatch(/at the answer itself: Unrecognized key: "deliveryCode"/);
  });

  it('leaves a route without a contract alone', () => {
    expect(answerProblem('GET', '/api/health', { anything: true })).toBeNull();
  });
});

describe('requestJson in development', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errors.mockRestore();
    vi.unstubAllGlobals();
  });

  const answering = (data: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: async () => ({ data }) }) as unknown as Response),
    );

  it('logs a console error naming the path when the answer does not match, and still hands the answer over', async () => {
    answering({ ...SUMMARY, revenueCents: null });
    const result = await requestJson('GET', '/api/admin/summary', undefined, { fallbackMessage: '' });
    expect(result).toMatchObject({ ok: true, data: { revenueCents: null } });
    await vi.waitFor(() => expect(errors).toHaveBeenCalledOnce());
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^\[api-client\] GET \/api\/admin\/summary: .* at revenueCents: Invalid input: expected number, received null$/);
  });

  it('says nothing of an answer that matches', async () => {
    answering(SUMMARY);
    await requestJson('GET', '/api/admin/summary', undefined, { fallbackMessage: '' });
    // The check is loaded by dynamic import: give it the time a mismatch above needed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    checkAnswer('GET', '/api/admin/summary', SUMMARY);
    expect(errors).not.toHaveBeenCalled();
  });
});
