import type { DarajaConfig, FetchLike } from '../../src/index.js';

export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

export const testConfig: DarajaConfig = {
  environment: 'sandbox',
  baseUrl: 'https://daraja.test',
  consumerKey: 'test-key',
  consumerSecret: 'test-secret',
  shortcode: '174379',
  passkey: SANDBOX_PASSKEY,
  transactionType: 'CustomerPayBillOnline',
  partyB: '174379',
  initiatorName: 'testapi',
  securityCredential: 'c2VjdXJpdHk=',
  timeoutMs: 1_000,
};

export interface SeenRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | undefined;
}

/** A reply, a thrown network error, or no answer at all (until the request's signal aborts). */
export type FakeReply = { status?: number; json?: unknown; text?: string } | { networkError: string } | 'hang';

export type Route = (request: SeenRequest, count: number) => FakeReply | Promise<FakeReply>;

const error = (status: number, errorCode: string, errorMessage: string): FakeReply => ({ status, json: { requestId: `req-${errorCode}`, errorCode, errorMessage } });
export const replies = {
  error,
  spikeArrest: () => error(500, '500.003.02', 'Spike arrest violation'),
  stillProcessing: () => error(500, '500.001.1001', 'The transaction is being processed'),
};

/**
 * A fetch that answers like Daraja from per-path routes, and records what it was sent. OAuth
 * answers token-1, token-2... unless a route for it is given. Unknown paths are a 404.
 */
export function fakeDaraja(routes: Record<string, Route>) {
  const seen: SeenRequest[] = [];
  const counts = new Map<string, number>();
  let tokensIssued = 0;
  const oauth: Route = () => ({ json: { access_token: `token-${++tokensIssued}`, expires_in: '3599' } });

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const request: SeenRequest = { method: init.method ?? 'GET', path: url.pathname + url.search, headers, body };
    seen.push(request);
    const count = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, count);
    const route = routes[url.pathname] ?? (url.pathname === '/oauth/v1/generate' ? oauth : undefined);
    const reply = route ? await route(request, count) : error(404, '404.001.01', 'Resource not found');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if ('networkError' in reply) throw new TypeError('fetch failed', { cause: new Error(reply.networkError) });
    return new Response(reply.text ?? JSON.stringify(reply.json), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };

  return {
    fetch,
    seen,
    /** The requests to one path, OAuth left out unless asked for. */
    to: (path: string) => seen.filter((request) => request.path.split('?')[0] === path),
  };
}

/** A sleep that returns at once and remembers how long it was asked to wait. */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
