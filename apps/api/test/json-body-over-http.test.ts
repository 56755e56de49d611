import { request } from 'node:http';
import { connect } from 'node:net';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createErrorHandler } from '../src/http/error-handler.js';
import { jsonBody, MAX_JSON_BODY_BYTES } from '../src/http/json-body.js';
import { startServer, type RunningServer } from '../src/http/serve.js';
import { recordingLogger } from './helpers/recording-logger.js';

// jsonBody served by Node: the body is read from the request stream (not through a Fetch
// Request) and limited while read. In-process tests (`app.request`) take the Fetch path.
const schema = z.object({ name: z.string().min(1, { error: 'Name is required' }).max(60_000), count: z.number().int().optional() });

const app = new Hono();
app.onError(createErrorHandler(recordingLogger()));
app.post('/echo', jsonBody(schema), (c) => {
  // Served by Node the stream was read by jsonBody; in-process there is no stream (null).
  const incoming = (c.env as { incoming?: { readableDidRead: boolean } } | undefined)?.incoming;
  return c.json({ got: c.req.valid('json'), streamRead: incoming?.readableDidRead ?? null });
});
app.post('/small', jsonBody(schema, { maxBytes: 100, tooLargeMessage: 'Keep it short' }), (c) => c.json({ got: c.req.valid('json') }));
// What the contact route did: Hono's bodyLimit (which starts the body's web stream) and then an
// await as long as a PostgreSQL round trip before jsonBody. An empty body then ended unseen and
// jsonBody waited for it forever.
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 30));
app.post('/after-a-while', bodyLimit({ maxSize: 1_000 }), async (_c, next) => { await aWhile(); await next(); }, jsonBody(schema), (c) => c.json({ got: c.req.valid('json') }));
app.post('/after-a-while-untouched', async (_c, next) => { await aWhile(); await next(); }, jsonBody(schema), (c) => c.json({ got: c.req.valid('json') }));
app.post('/impatient', jsonBody(schema, { timeoutMs: 300 }), (c) => c.json({ got: c.req.valid('json') }));

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [] });
});
afterAll(async () => server?.shutdown());

interface Sent {
  path?: string;
  body?: string | Buffer;
  type?: string | null;
  /** Send the body in pieces with no Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

function post({ path = '/echo', body = '', type = 'application/json', chunked = false }: Sent): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (type !== null) headers['content-type'] = type;
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer 413 and close before the whole oversized body was sent.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (chunked) {
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += 8_192) req.write(bytes.subarray(at, at + 8_192));
      req.end();
    } else req.end(body);
  });
  // Every request is answered, or the test says which one hung.
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`POST ${path} (${chunked ? 'chunked' : `${Buffer.byteLength(body)} bytes`}) got no answer in 5 s`)), 5_000);
  });
  return Promise.race([answer, hung]).finally(() => clearTimeout(timer));
}

const code = (reply: { json: Record<string, unknown> }) => (reply.json.error as { code?: string } | undefined)?.code;

describe('jsonBody over HTTP', () => {
  it('parses a JSON body read from the request stream, declared or chunked, including non-ASCII text', async () => {
    const body = JSON.stringify({ name: 'Wanjiru — Kilimani 🏍️', count: 2 });
    for (const chunked of [false, true]) {
      const reply = await post({ body, chunked });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ got: { name: 'Wanjiru — Kilimani 🏍️', count: 2 }, streamRead: true });
    }
    // A body just under the limit is read whole.
    const big = JSON.stringify({ name: 'n'.repeat(MAX_JSON_BODY_BYTES - 20) });
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
    expect((await post({ body: big, chunked: true })).status).toBe(400); // over the schema's 60,000 characters
  });

  it('refuses a body over the limit with 413, by its Content-Length or while reading it', async () => {
    const tooBig = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    for (const chunked of [false, true]) {
      const reply = await post({ body: tooBig, chunked });
      expect(reply.status).toBe(413);
      expect(code(reply)).toBe('PAYLOAD_TOO_LARGE');
    }
    const small = await post({ path: '/small', body: JSON.stringify({ name: 'y'.repeat(200) }), chunked: true });
    expect(small).toEqual({ status: 413, json: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Keep it short' } } });
    // The server still answers on new connections afterwards.
    expect((await post({ body: '{"name":"after"}' })).status).toBe(200);
  });

  it('answers malformed JSON and schema failures 400, like the in-process path', async () => {
    for (const body of ['{', '', '{"name":', '[1,2', '\u0000']) {
      const reply = await post({ body });
      expect(reply.status, body).toBe(400);
      expect(typeof (reply.json.error as { message?: unknown }).message).toBe('string');
    }
    const invalid = await post({ body: JSON.stringify({ name: '' }) });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Name is required' } });
    // Not JSON by its Content-Type: the body is not read as JSON, so the schema sees no fields.
    for (const type of ['text/plain', null]) {
      const reply = await post({ body: '{"name":"ignored"}', type });
      expect(reply.status).toBe(400);
      expect(code(reply)).toBe('VALIDATION_FAILED');
    }
    const app2 = await app.request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"in process"}' });
    expect(await app2.json()).toEqual({ got: { name: 'in process' }, streamRead: null });
  });

  it('answers an empty or missing body 400 however the body was started and however long the route took before reading it', async () => {
    for (const path of ['/echo', '/after-a-while', '/after-a-while-untouched']) {
      for (const chunked of [false, true]) {
        const reply = await post({ path, body: '', chunked });
        expect(reply.status, `${path} ${chunked ? 'chunked' : 'Content-Length: 0'}`).toBe(400);
        expect(reply.json).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' } });
      }
      expect((await post({ path, body: '{"name":"late"}' })).json).toMatchObject({ got: { name: 'late' } });
    }
  });

  it('reads every JSON media type with the limit (application/x+json too, which Hono would otherwise parse whole)', async () => {
    const tooBig = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'Application/JSON']) {
      for (const chunked of [false, true]) expect((await post({ body: tooBig, type, chunked })).status, `${type} ${chunked}`).toBe(413);
      expect((await post({ body: '{"name":"typed"}', type })).json).toMatchObject({ got: { name: 'typed' } });
    }
  });

  it('answers a body that stops arriving 408 once its time is up, and closes that connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('POST /impatient HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":');
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5_000))]);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":"BAD_REQUEST"');
  });
});
