import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.js';
import { scrubLogText } from '../src/http/log-scrub.js';
import { ACCESS_LINE_MESSAGE } from '../src/http/request-log.js';
import { recordingLogger } from './helpers/recording-logger.js';
import { testApp } from './helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function captured(settings: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { lines, logger: createLogger(settings, { write: (line) => void lines.push(line) }) };
}

describe('the API logger (pino, decision 0068)', () => {
  it('writes JSON lines as the console logger did: level as a word, ISO time, the message before the fields', () => {
    const { lines, logger } = captured({ format: 'json' });
    logger.info('HTTP server listening', { host: '127.0.0.1', port: 4321 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/"message":"HTTP server listening"[^\n]*"port":4321/);
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', message: 'HTTP server listening', host: '127.0.0.1', port: 4321 });
    expect(new Date(String(line['time'])).toISOString()).toBe(line['time']);
  });

  it('respects the level: debug lines only at debug, nothing but errors at error', () => {
    const info = captured({ format: 'json' });
    info.logger.debug?.('quiet');
    info.logger.info('said');
    expect(info.lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['said']);
    const errors = captured({ format: 'json', level: 'error' });
    errors.logger.warn('dropped');
    errors.logger.error('kept');
    expect(errors.lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['kept']);
    const debug = captured({ format: 'json', level: 'debug' });
    debug.logger.debug?.('shown');
    expect(debug.lines).toHaveLength(1);
  });

  it('writes pretty lines for a person when asked: one line each, with the message and fields, not JSON', () => {
    const { lines, logger } = captured({ format: 'pretty' });
    logger.child?.({ reqId: 'abc123' }).warn('payout round failed', { attempts: 3 });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toContain('WARN');
    expect(line).toContain('payout round failed');
    expect(line).toContain('abc123');
    expect(line).toContain('"attempts":3');
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    logger.info('request completed', { method: 'GET', route: '/api/buyer/orders/:id', status: 200, durationMs: 3.1, actor: 'buyer' });
    expect(lines[1]).toContain('GET /api/buyer/orders/:id 200 3.1 ms buyer');
  });

  it('without a format, writes pretty lines to a terminal and JSON lines to anything else', () => {
    const was = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    try {
      for (const [isTTY, json] of [[true, false], [false, true]] as const) {
        Object.defineProperty(process.stdout, 'isTTY', { value: isTTY, configurable: true });
        const { lines, logger } = captured({});
        logger.info('database ready', { dialect: 'sqlite' });
        expect(lines[0]?.startsWith('{"level":"info"'), `isTTY ${isTTY}`).toBe(json);
        expect(lines[0]).toContain('database ready');
      }
    } finally {
      if (was) Object.defineProperty(process.stdout, 'isTTY', was);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
    }
  });

  it('never writes a password, token, cookie, delivery code or full phone number, at the top or nested', () => {
    const { lines, logger } = captured({ format: 'json' });
    logger.warn('sign-up for +254712345678 from 0722 555 101', {
      password: 'Sokoni#2026',
      body: { newPassword: 'Another#2026', deliveryCode: '482913', phone: '254733555202' },
      token: 'tok_secret_value',
      headers: { cookie: 'session=abcdef', authorization: 'Bearer eyJhbGciOi.secret' },
      url: 'http://localhost/buyer/order/o1?code=VIEWKEYVIEWKEYVIEWKEY1&x=1',
      rider: 'http://localhost/rider/o1?phone=%2B254733555202&key=RIDERKEYRIDERKEY',
      note: 'cookie session=zzzz; payer_o1=yyyy and Bearer abc.def',
      code: '482913',
      request: { headers: { 'X-Delivery-Code': '555111', 'X-Rider-Key': 'RKEYRKEYRKEY' } },
      daraja: { credentials: { passkey: 'PASSKEYVALUE', nested: { securityCredential: 'SECCREDVALUE' } } },
      failure: Object.assign(new Error('refused for 0712345678'), { code: 'E_REFUSED' }),
    });
    const line = lines[0] ?? '';
    for (const secret of ['Sokoni#2026', 'Another#2026', '482913', 'tok_secret_value', 'abcdef', 'eyJhbGciOi', 'VIEWKEYVIEWKEY', 'RIDERKEY', 'zzzz', 'yyyy', 'abc.def', '712345678', '722555101', '733555202', '555111', 'RKEYRKEY', 'PASSKEYVALUE', 'SECCREDVALUE']) {
      expect(line, secret).not.toContain(secret);
    }
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed['message']).toBe('sign-up for 2547•••••678 from 2547•••••101');
    expect(parsed['failure']).toMatchObject({ name: 'Error', message: 'refused for 2547•••••678', code: 'E_REFUSED' });
    expect(parsed['url']).toBe('http://localhost/buyer/order/o1?code=[redacted]&x=1');
    expect(parsed['password']).toBe('[redacted]');
    expect(parsed['daraja']).toEqual({ credentials: { passkey: '[redacted]', nested: { securityCredential: '[redacted]' } } });
    // Codes that are not secrets stay readable.
    logger.error('Service unavailable', { cause: 'ECONNREFUSED', code: 'OAUTH_SIGN_IN_FAILED' });
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ cause: 'ECONNREFUSED', code: 'OAUTH_SIGN_IN_FAILED' });
  });

  it('masks Kenyan numbers in every written form, and leaves other numbers alone', () => {
    expect(scrubLogText('+254712345678 254112345678 0712345678 0712 345 678 0712-345-678')).toBe('2547•••••678 2541•••••678 2547•••••678 2547•••••678 2547•••••678');
    const others = 'order 65000 cents 6500000, receipt QK12345678, tracking ED-1234567, key key-0123456789abcdef, id 3f0712345678ab';
    expect(scrubLogText(others)).toBe(others);
    expect(scrubLogText('to: +254712345678, phone=0712345678.')).toBe('to: 2547•••••678, phone=2547•••••678.');
  });
});

describe('request ids and access lines', () => {
  it('gives each request an id, answers it in X-Request-Id and puts it on the access line', async () => {
    const { app, logger } = testApp();
    const first = await app.request('/api/nowhere');
    const second = await app.request('/api/nowhere');
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(logger.requests.map((line) => line.fields?.['reqId'])).toEqual(ids);
    expect(logger.requests[0]).toEqual({ level: 'info', message: ACCESS_LINE_MESSAGE, fields: { reqId: ids[0], method: 'GET', route: '/api/*', status: 404, durationMs: expect.any(Number), actor: 'anonymous' } });
  });

  it('answers the id on a Response a handler built itself (files, pages) too', async () => {
    const { app, logger } = testApp();
    app.get('/api/raw', () => new Response('x', { headers: { 'content-type': 'text/plain' } }));
    const response = await app.request('/api/raw', { headers: { 'x-request-id': 'raw-1' } });
    expect(await response.text()).toBe('x');
    expect(response.headers.get('x-request-id')).toBe('raw-1');
    expect(logger.requests[0]?.fields).toMatchObject({ reqId: 'raw-1', route: '/api/raw', status: 200 });
  });

  it('takes a caller\'s X-Request-Id only when it is a short safe token', async () => {
    const { app, logger } = testApp();
    const kept = await app.request('/api/health', { headers: { 'x-request-id': 'edge-7f3a_91=' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a_91=');
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id\u00e9', 'a/b?c=1']) {
      const replaced = await app.request('/api/health', { headers: { 'x-request-id': unsafe } });
      expect(replaced.headers.get('x-request-id'), unsafe).toMatch(UUID);
    }
    // Health checks are debug lines, the rest info.
    expect(logger.requests.map((line) => line.level)).toEqual(['debug', 'debug', 'debug', 'debug', 'debug', 'debug']);
    expect(logger.requests[0]?.fields).toMatchObject({ reqId: 'edge-7f3a_91=', route: '/api/health', status: 200 });
  });

  it('logs the route pattern, the order id and the Idempotency-Key, never the URL\'s query', async () => {
    const { app, logger } = testApp();
    app.post('/api/buyer/orders/:id/payment', (c) => c.json({ ok: true }, 201));
    const key = 'key-0123456789abcdef';
    const response = await app.request('/api/buyer/orders/ord_42/payment?code=SECRETVIEWKEYSECRET01&phone=0712345678', { method: 'POST', headers: { 'idempotency-key': key, 'x-delivery-code': '482913' } });
    expect(response.status).toBe(201);
    expect(logger.requests).toEqual([
      { level: 'info', message: ACCESS_LINE_MESSAGE, fields: { reqId: expect.stringMatching(UUID), method: 'POST', route: '/api/buyer/orders/:id/payment', status: 201, durationMs: expect.any(Number), actor: 'buyer', orderId: 'ord_42', idempotencyKey: key } },
    ]);
    const all = logger.lines.join('\n');
    for (const secret of ['SECRETVIEWKEY', '0712345678', '482913']) expect(all).not.toContain(secret);
    await app.request('/api/buyer/orders/ord_42/payment', { method: 'POST', headers: { 'idempotency-key': 'short' } });
    expect(logger.requests[1]?.fields).toMatchObject({ idempotencyKey: '(malformed)' });
  });

  it('names the caller: a rider by path, a live stream by its credential, anyone else anonymous', async () => {
    const { app, logger } = testApp();
    app.get('/api/rider/orders/:id', (c) => c.json({}));
    app.get('/api/live/orders/:id', (c) => c.json({}));
    app.post('/api/payments/callbacks/:secret/stk', (c) => c.json({}));
    await app.request('/api/rider/orders/o1', { headers: { 'x-rider-phone': '+254733555202' } });
    await app.request('/api/live/orders/o1?phone=%2B254733555202&key=k');
    await app.request('/api/live/orders/o1?code=VIEWKEY');
    await app.request('/api/payments/callbacks/0123456789abcdef0123456789abcdef/stk', { method: 'POST' });
    expect(logger.requests.map((line) => [line.fields?.['actor'], line.fields?.['route']])).toEqual([
      ['rider', '/api/rider/orders/:id'],
      ['rider', '/api/live/orders/:id'],
      ['buyer', '/api/live/orders/:id'],
      ['anonymous', '/api/payments/callbacks/:secret/stk'],
    ]);
    expect(logger.lines.join('\n')).not.toContain('0123456789abcdef0123456789abcdef');
  });

  it('writes the error line of a failed request with its cause and the request\'s id, and the access line after it', async () => {
    const { app, logger } = testApp();
    app.post('/api/payments/callbacks/:secret/stk', () => {
      throw new Error('the ledger refused it', { cause: Object.assign(new TypeError('entries is not iterable'), { code: 'E_POSTINGS' }) });
    });
    const response = await app.request('/api/payments/callbacks/0123456789abcdef0123456789abcdef/stk', { method: 'POST', headers: { 'x-request-id': 'req-500' } });
    expect(response.status).toBe(500);
    const errorLine = logger.entries.find((entry) => entry.level === 'error');
    expect(errorLine?.fields).toMatchObject({
      reqId: 'req-500',
      path: '/api/payments/callbacks/:secret/stk',
      error: { name: 'Error', message: 'the ledger refused it', cause: { name: 'TypeError', message: 'entries is not iterable', code: 'E_POSTINGS' } },
    });
    expect(logger.requests[0]?.fields).toMatchObject({ reqId: 'req-500', status: 500 });
    expect(logger.lines.join('\n')).not.toContain('0123456789abcdef0123456789abcdef');
  });

  it('gives routes a logger bound to the request (c.var.logger)', async () => {
    const logger = recordingLogger();
    const { app } = testApp({ logger });
    (app as unknown as Hono<{ Variables: { logger: { warn(message: string): void } } }>).get('/api/echo', (c) => {
      c.var.logger.warn('inside the handler');
      return c.text('ok');
    });
    const response = await app.request('/api/echo');
    expect(logger.entries).toEqual([{ level: 'warn', message: 'inside the handler', fields: { reqId: response.headers.get('x-request-id') } }]);
  });
});
