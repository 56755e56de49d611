import { request } from 'node:http';
import { Hono } from 'hono';
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
  return new Promise((resolve, reject) => {
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
});
