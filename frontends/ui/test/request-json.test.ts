import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, networkErrorMessage, requestJson, SERVICE_UNAVAILABLE_MESSAGE } from '../src/api/request-json.ts';
import { activateLocale, registerCatalog } from '../src/i18n/i18n.ts';
import { uiCatalog } from '../src/i18n/kit-texts.ts';

// A page's texts are registered before it chooses a language (Lingui warns of a language with none).
registerCatalog(uiCatalog);

const answer = (status: number, body: string, type = 'application/json') => vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } }));

describe('requestJson on a failure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a 503 from the API shows its message: the service is briefly unavailable', async () => {
    vi.stubGlobal('fetch', answer(503, JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' } })));
    const result = await requestJson('POST', '/api/x', { a: 1 }, { fallbackMessage: 'Failed to create order' });
    expect(result).toEqual({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE });
    expect(SERVICE_UNAVAILABLE_MESSAGE).toBe('Service temporarily unavailable. Please try again.');
  });

  it("a proxy's 503 page (no JSON) shows the same message, not the screen's generic fallback", async () => {
    vi.stubGlobal('fetch', answer(503, '<html><body>503 Service Unavailable</body></html>', 'text/html'));
    const result = await requestJson('GET', '/api/x', undefined, { fallbackMessage: 'Failed to load order' });
    expect(result).toMatchObject({ ok: false, status: 503, message: SERVICE_UNAVAILABLE_MESSAGE });
  });

  it('other failures keep the server message, else the fallback', async () => {
    vi.stubGlobal('fetch', answer(500, JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } })));
    expect(await requestJson('GET', '/api/x', undefined, { fallbackMessage: 'F' })).toMatchObject({ status: 500, message: 'Something went wrong. Please try again.' });
    vi.stubGlobal('fetch', answer(502, 'Bad Gateway', 'text/plain'));
    expect(await requestJson('GET', '/api/x', undefined, { fallbackMessage: 'F' })).toMatchObject({ status: 502, message: 'F' });
  });
});

describe('requestJson with no answer at all', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('en');
  });
  const unreachable = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

  it('says so in English on an English page', async () => {
    vi.stubGlobal('fetch', unreachable());
    expect(await requestJson('GET', '/api/x', undefined, { fallbackMessage: 'F' })).toEqual({ ok: false, status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('We could not reach the server. Please check your connection and try again.');
  });

  it("says so in Swahili on a Swahili page, the language of the moment the request failed", async () => {
    await activateLocale('sw');
    vi.stubGlobal('fetch', unreachable());
    const result = await requestJson('POST', '/api/x', { a: 1 }, { fallbackMessage: 'F' });
    expect(result).toMatchObject({ ok: false, status: 0, code: 'NETWORK', message: 'Hatukuweza kufikia seva. Tafadhali angalia mtandao wako kisha ujaribu tena.' });
    expect(networkErrorMessage()).toBe(networkErrorMessage('sw'));
    expect(networkErrorMessage('en')).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('requestJson and a lean page\'s early read (decision 0053)', () => {
  const early = (path: string, headers: Record<string, string>, body: unknown) => {
    (globalThis as { __escrowEarlyGets?: Record<string, unknown> }).__escrowEarlyGets = {
      [path]: { headers, response: Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })) },
    };
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __escrowEarlyGets?: unknown }).__escrowEarlyGets;
  });

  it('the first GET of the same path with the same headers takes the early answer, once', async () => {
    const network = answer(200, JSON.stringify({ data: { from: 'network' } }));
    vi.stubGlobal('fetch', network);
    early('/api/buyer/orders/o1', { 'X-Delivery-Code': 'k1', Accept: 'application/json' }, { data: { from: 'early' } });
    const first = await requestJson('GET', '/api/buyer/orders/o1', undefined, { fallbackMessage: 'F', headers: { 'X-Delivery-Code': 'k1' } });
    expect(first).toEqual({ ok: true, status: 200, data: { from: 'early' } });
    expect(network).not.toHaveBeenCalled();
    const second = await requestJson('GET', '/api/buyer/orders/o1', undefined, { fallbackMessage: 'F', headers: { 'X-Delivery-Code': 'k1' } });
    expect(second).toEqual({ ok: true, status: 200, data: { from: 'network' } });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('other headers (another code), another method or an aborted caller never use it', async () => {
    const network = answer(200, JSON.stringify({ data: { from: 'network' } }));
    vi.stubGlobal('fetch', network);
    early('/api/buyer/orders/o1', { 'X-Delivery-Code': 'k1', Accept: 'application/json' }, { data: { from: 'early' } });
    expect(await requestJson('GET', '/api/buyer/orders/o1', undefined, { fallbackMessage: 'F', headers: { 'X-Delivery-Code': 'k2' } })).toMatchObject({ data: { from: 'network' } });

    early('/api/buyer/orders/o1', { Accept: 'application/json', 'Content-Type': 'application/json' }, { data: { from: 'early' } });
    expect(await requestJson('POST', '/api/buyer/orders/o1', {}, { fallbackMessage: 'F' })).toMatchObject({ data: { from: 'network' } });

    early('/api/buyer/orders/o1', { 'X-Delivery-Code': 'k1', Accept: 'application/json' }, { data: { from: 'early' } });
    const controller = new AbortController();
    controller.abort();
    await expect(requestJson('GET', '/api/buyer/orders/o1', undefined, { fallbackMessage: 'F', headers: { 'X-Delivery-Code': 'k1' }, signal: controller.signal })).rejects.toThrow();
  });
});
