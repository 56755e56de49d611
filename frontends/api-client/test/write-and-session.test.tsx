// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, dataOf, failureOf } from '../src/query.ts';
import { escrowQueryClient } from '../src/query-client.tsx';
import { sessionQuery, signOut, useSession } from '../src/session.ts';
import { isRetryable, OnceKeys, sendOnce } from '../src/write.ts';

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

let sent: Sent[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  sent = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      sent.push({ method, path, headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : undefined });
      const answer = answers[`${method} ${path}`] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such route' } } };
      return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
    }),
  );
});
afterEach(() => {
  cleanup();
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
});

describe('the write helper', () => {
  it('sends JSON with the Idempotency-Key, and an empty object for a change without fields', async () => {
    // A route without a contract: its answer is not checked (check-answer.test.ts checks answers).
    answers['POST /api/example/change'] = { status: 200, body: { data: { message: 'Settled' } } };
    const result = await sendOnce<{ message: string }>('POST', '/api/example/change', undefined, 'k'.repeat(32), 'Failed');
    expect(result).toEqual({ ok: true, status: 200, data: { message: 'Settled' } });
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe('k'.repeat(32));
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]?.body).toBe('{}');
  });

  it('keeps one key per action until the server answered it for good; keys are 128 random bits in hex', () => {
    const keys = new OnceKeys();
    const first = keys.keyFor('settle');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor('settle')).toBe(first);
    expect(keys.keyFor('refund')).not.toBe(first);
    keys.settled('settle');
    expect(keys.keyFor('settle')).not.toBe(first);
  });

  it('retries only what got no final answer', () => {
    expect(isRetryable({ ok: false, status: 0, code: 'NETWORK', message: '' })).toBe(true);
    expect(isRetryable({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE', message: '' })).toBe(true);
    expect(isRetryable({ ok: false, status: 429, code: 'RATE_LIMITED', message: '' })).toBe(true);
    expect(isRetryable({ ok: false, status: 409, code: 'ORDER_STATE_CONFLICT', message: '' })).toBe(false);
    expect(isRetryable({ ok: true, status: 200, data: null })).toBe(false);
  });
});

describe('answers as query data', () => {
  it('throws a failed answer with its status, code and message, and reads any other error as no connection', async () => {
    const thrown = await dataOf(Promise.resolve({ ok: false as const, status: 404, code: 'ORDER_NOT_FOUND', message: 'Order not found' })).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiFailure);
    expect(failureOf(thrown)).toEqual({ ok: false, status: 404, code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    expect(failureOf(new TypeError('boom'))).toMatchObject({ status: 0, code: 'NETWORK' });
    await expect(dataOf(Promise.resolve({ ok: true as const, status: 200, data: 7 }))).resolves.toBe(7);
  });
});

describe('the session query', () => {
  const ACCOUNT = { userId: 'u-1', email: 'amani@example.com', roles: [], isAdmin: false, sellerId: 's-1' };

  it('is read once for every part of the page that asks', async () => {
    answers['GET /api/auth/session'] = { status: 200, body: { data: { account: ACCOUNT } } };
    function Who({ label }: { label: string }) {
      const session = useSession();
      return <p>{`${label}: ${session.data?.email ?? '…'}`}</p>;
    }
    render(
      <QueryClientProvider client={escrowQueryClient()}>
        <Who label="header" />
        <Who label="menu" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('header: amani@example.com')).toBeTruthy();
    expect(screen.getByText('menu: amani@example.com')).toBeTruthy();
    expect(sent.filter((request) => request.path === '/api/auth/session')).toHaveLength(1);
  });

  it('signing out drops every cached answer, so the next account never sees the last one’s data', async () => {
    answers['GET /api/auth/session'] = { status: 200, body: { data: { account: ACCOUNT } } };
    answers['GET /api/seller/orders'] = { status: 200, body: { data: ['order of amani'] } };
    answers['POST /api/auth/sign-out'] = { status: 200, body: { data: { signedOut: true } } };
    const client = escrowQueryClient();
    await client.fetchQuery(sessionQuery);
    await client.fetchQuery({ queryKey: ['seller', 'orders'], queryFn: async () => 'order of amani' });
    expect(client.getQueryData(['seller', 'orders'])).toBe('order of amani');

    expect((await signOut('Sign out failed')).ok).toBe(true);
    expect(client.getQueryData(sessionQuery.queryKey)).toBeUndefined();
    expect(client.getQueryData(['seller', 'orders'])).toBeUndefined();

    function Orders() {
      const orders = useQuery({ queryKey: ['seller', 'orders'], queryFn: async () => 'orders of the next account' });
      return <p>{orders.data ?? 'Loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Orders />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('orders of the next account')).toBeTruthy());
  });

  it('a failed sign-out keeps what is shown', async () => {
    answers['POST /api/auth/sign-out'] = { status: 503, body: undefined };
    const client = escrowQueryClient();
    client.setQueryData(['seller', 'orders'], 'kept');
    expect((await signOut('Sign out failed')).ok).toBe(false);
    expect(client.getQueryData(['seller', 'orders'])).toBe('kept');
  });
});
