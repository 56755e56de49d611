import { ERROR_CODES, err, ok, UnstorableTextError } from '@escrow/core';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { sendResult, statusFor } from '../src/http/error-handler.js';
import { jsonBody } from '../src/http/json-body.js';
import { testApp } from './helpers/test-app.js';

describe('statusFor', () => {
  it.each([
    ['ORDER_NOT_FOUND', 404],
    ['BUYER_ORDER_NOT_FOUND', 404],
    ['FORBIDDEN', 403],
    ['VALIDATION_FAILED', 400],
    ['INVALID_DELIVERY_CODE_FORMAT', 400],
    ['TRANSITION_NOT_ALLOWED', 409],
    ['CONCURRENT_UPDATE', 409],
    ['DELIVERY_CODE_LOCKED', 423],
  ] as const)('maps %s to %i', (code, status) => {
    expect(statusFor(code)).toBe(status);
  });

  it('gives every domain error a client-error status (a domain rule is never a 5xx)', () => {
    for (const code of ERROR_CODES) {
      expect(statusFor(code), code).toBeGreaterThanOrEqual(400);
      expect(statusFor(code), code).toBeLessThan(500);
    }
  });
});

describe('sendResult', () => {
  function appAnswering(result: Parameters<typeof sendResult>[1]) {
    const { app } = testApp();
    app.get('/api/probe', (c) => sendResult(c, result));
    return app;
  }

  it('wraps a success in { data }', async () => {
    const response = await appAnswering(ok({ id: 'o1' })).request('/api/probe');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { id: 'o1' } });
  });

  it('answers a coded error with its status and the catalogue message, never the detail', async () => {
    const response = await appAnswering(err('BUYER_ORDER_NOT_FOUND', { detail: 'order o1 exists, code mismatch' })).request(
      '/api/probe',
    );
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'BUYER_ORDER_NOT_FOUND', message: 'Order not found or invalid delivery code' },
    });
    expect(text).not.toContain('mismatch');
  });

  it('passes the attempts left of a wrong delivery code to the caller', async () => {
    const response = await appAnswering(err('WRONG_DELIVERY_CODE', { attemptsLeft: 2 })).request('/api/probe');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'WRONG_DELIVERY_CODE', message: 'Invalid delivery code', attemptsLeft: 2 },
    });
  });

  it('answers a locked delivery code with 423', async () => {
    const response = await appAnswering(err('DELIVERY_CODE_LOCKED')).request('/api/probe');
    expect(response.status).toBe(423);
  });
});

describe('app.onError', () => {
  it('hides a thrown error behind a generic 500 and logs it in full', async () => {
    const { app, logger } = testApp();
    app.get('/api/explode', () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    const response = await app.request('/api/explode');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } });
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/db\.internal|stack/i);
    const logged = logger.entries.find((entry) => entry.level === 'error');
    expect(JSON.stringify(logged)).toContain('password=hunter2');
  });

  it.each([
    ['a terminated backend', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), '57P01'],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), 'Connection terminated unexpectedly'],
    ['a full SQLite disk', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), 'SQLITE_FULL'],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }), 'ECONNREFUSED'],
  ])('answers %s with 503, the message and Retry-After, and logs the cause', async (_what, error, cause) => {
    const { app, logger } = testApp();
    app.post('/api/write', () => {
      throw error;
    });
    const response = await app.request('/api/write', { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' } });
    expect(text).not.toContain('10.0.0.5');
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ cause, path: '/api/write' }) }));
  });

  it('ends a page navigation under /api (the Google sign-in callback) on /auth with the code, not JSON, when it fails before its handler', async () => {
    const { app, logger } = testApp();
    // As the session lookup of a stale cookie does while the database is down: before the route's own handler.
    app.use('/api/auth/google/*', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/api/auth/google/callback', (c) => c.text('never reached'));
    const down = await app.request('/api/auth/google/callback?code=c&state=s');
    expect(down.status).toBe(302);
    expect(down.headers.get('location')).toBe('/auth?error=SERVICE_UNAVAILABLE');
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ cause: 'ECONNREFUSED', path: '/api/auth/google/callback' }) }));

    const { app: buggy } = testApp();
    const bug = () => {
      throw new Error('a bug');
    };
    buggy.get('/api/auth/google', bug);
    buggy.post('/api/auth/google', bug);
    buggy.get('/api/auth/googlex', bug);
    const crashed = await buggy.request('/api/auth/google');
    expect(crashed.status).toBe(302);
    expect(crashed.headers.get('location')).toBe('/auth?error=INTERNAL');
    // Not a navigation: JSON as for every other API call.
    expect((await buggy.request('/api/auth/google', { method: 'POST' })).status).toBe(500);
    // A path that merely starts with the same letters is not one.
    expect((await buggy.request('/api/auth/googlex')).status).toBe(500);
  });

  it('answers text a store refused as unstorable (a NUL that slipped past a schema) with 400, not 500', async () => {
    const { app, logger } = testApp();
    app.post('/api/store', () => {
      throw new UnstorableTextError();
    });
    const response = await app.request('/api/store', { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Please check the form and try again.' } });
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(logger.entries.some((entry) => entry.level === 'warn' && /NUL or a lone surrogate/.test(entry.message))).toBe(true);
  });
});

describe('client errors raised by middleware', () => {
  it('keeps the status of a 4xx HTTPException and gives it a code', async () => {
    const { app } = testApp();
    const limit = bodyLimit({
      maxSize: 10,
      onError: () => {
        throw new HTTPException(413, { message: 'Body too large' });
      },
    });
    app.post('/api/upload', limit, (c) => c.text('stored'));
    const response = await app.request('/api/upload', { method: 'POST', body: 'x'.repeat(100) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' } });
  });
});

describe('JSON bodies', () => {
  const schema = z.object({ name: z.string({ error: 'Please enter a name' }).min(1, 'Please enter a name') });

  function echoApp() {
    const { app, logger } = testApp();
    app.post('/api/echo', jsonBody(schema), (c) => c.json({ data: c.req.valid('json') }));
    return { app, logger };
  }

  const post = (body: string, contentType = 'application/json') => ({
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { app, logger } = echoApp();
    const response = await app.request('/api/echo', post('{"name": '));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' } });
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('answers a body that fails the schema with 400 VALIDATION_FAILED and the first message', async () => {
    const { app } = echoApp();
    const response = await app.request('/api/echo', post('{"name": ""}'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Please enter a name' } });
  });

  it('passes a valid body to the handler', async () => {
    const { app } = echoApp();
    const response = await app.request('/api/echo', post('{"name": "Amina"}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { name: 'Amina' } });
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/orders/unknown/action'],
    ['GET', '/api'],
  ])('%s %s answers a JSON 404', async (method, path) => {
    const { app } = testApp();
    const response = await app.request(path, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});
