import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../../src/http/json-body.js';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { ENDPOINTS } from '../escrow-matrix/matrix-endpoints.js';
import { openMatrixWorld, scenario, type Cast } from '../escrow-matrix/matrix-scenarios.js';
import { DIALECTS, PASSWORD, SELLER_SIGNUP, type SellerWorld } from '../escrow-seller/seller-world.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { BODIES } from './fuzz-cases.js';

/** Long enough for a loaded machine; a request that takes longer has hung. */
const REQUEST_TIMEOUT_MS = 10_000;
const NUL_AND_HALF_PAIRS = ['Kamau\u0000', 'x\ud800', '\udfffx'];

interface JsonRoute {
  readonly name: string;
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly valid: Record<string, unknown>;
  /** The fields that take text (every one must refuse a NUL and half a surrogate pair). */
  readonly textFields: readonly string[];
}

interface Sent {
  readonly status: number;
  readonly text: string;
}

type Body =
  | { readonly kind: 'fixed'; readonly text: string }
  | { readonly kind: 'chunked'; readonly text: string }
  /** Declares `declared` bytes, sends the first 64 KB of them and waits. */
  | { readonly kind: 'declared'; readonly declared: number }
  /** Streams chunks (no Content-Length) until answered or `upTo` bytes were sent. */
  | { readonly kind: 'stream'; readonly upTo: number };

/** One request to the real server; rejects if no answer comes within REQUEST_TIMEOUT_MS. */
function send(port: number, route: Pick<JsonRoute, 'method' | 'path' | 'headers'>, body: Body): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json', ...route.headers };
    if (body.kind === 'fixed') headers['content-length'] = String(Buffer.byteLength(body.text));
    if (body.kind === 'declared') headers['content-length'] = String(body.declared);
    let written = 0;
    let answered = false;
    const req = request({ host: '127.0.0.1', port, path: route.path, method: route.method, headers, agent: false }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${route.method} ${route.path} (${body.kind}) hung: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`));
    }, REQUEST_TIMEOUT_MS);
    // The server may answer and close before a big body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const write = (bytes: Buffer) => {
      written += bytes.length;
      req.write(bytes);
    };
    if (body.kind === 'fixed' || body.kind === 'chunked') {
      if (body.text) write(Buffer.from(body.text));
      req.end();
    } else if (body.kind === 'declared') {
      write(Buffer.alloc(Math.min(body.declared, MAX_JSON_BODY_BYTES), 0x20));
    } else {
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const pump = () => {
        while (!answered && !req.destroyed && written < body.upTo) {
          write(chunk);
          if (req.writableNeedDrain) return void req.once('drain', pump);
        }
        if (!answered && !req.destroyed) req.end();
      };
      pump();
    }
  });
}

/**
 * Every JSON route, served by a real Node server (where the body is read from the socket) on
 * SQLite and on PostgreSQL: an empty body, a body declared or streamed far over the limit, and
 * a NUL or half a surrogate pair in each text field. Every answer is a 4xx JSON error within
 * the per-request timeout: never a 5xx, never a hang (POST /api/contact with an empty body hung
 * on PostgreSQL; a NUL in any text field was a 500 there; the seller profile routes read a
 * body of any size). Rate limits are off, so the limiter never answers first.
 */
describe.each(DIALECTS)('every JSON route over real HTTP on %s', (dialect) => {
  let world: SellerWorld;
  let server: RunningServer;
  const routes: JsonRoute[] = [];

  beforeAll(async () => {
    world = await openMatrixWorld(dialect, { RATE_LIMITS: 'off', NODE_ENV: 'test' });
    server = await startServer({ app: world.app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [] });
    const cast: Cast = { seller: await world.seller('Fuzz Phones'), otherSeller: await world.seller('Other Shop'), admin: await world.admin() };
    const textKinds = new Set(['text', 'optText', 'phone', 'receipt', 'optReceipt', 'code', 'url', 'ref', 'shortCode', 'account']);
    for (const endpoint of ENDPOINTS) {
      const spec = BODIES[endpoint.name];
      if (!spec) continue;
      const s = await scenario(world, cast, endpoint.stage);
      const caller = endpoint.allowed[0] ?? 'anonymous';
      const id = endpoint.target === 'refund' ? (s.refundRequestId ?? '') : endpoint.target === 'payout' ? (s.payoutId ?? '') : s.order.id;
      const good = endpoint.request(s, id);
      routes.push({
        name: endpoint.name,
        method: good.method as 'POST' | 'PUT',
        path: good.path,
        headers: s.headers[caller],
        valid: spec.valid(s),
        textFields: Object.entries(spec.fields).filter(([, kind]) => textKinds.has(kind)).map(([field]) => field),
      });
    }
    const seller = { cookie: `session=${cast.seller.cookie}` };
    const account = { cookie: `session=${(await world.account()).cookie}` };
    const email = 'fuzz-over-http@example.com';
    const accountRoutes: Omit<JsonRoute, 'method'>[] = [
      { name: 'POST /api/auth/sign-up', path: '/api/auth/sign-up', headers: {}, valid: { email, password: PASSWORD }, textFields: ['email', 'password'] },
      { name: 'POST /api/auth/sign-in', path: '/api/auth/sign-in', headers: {}, valid: { email: cast.seller.email, password: PASSWORD }, textFields: ['email', 'password'] },
      { name: 'POST /api/auth/send-password-reset-code', path: '/api/auth/send-password-reset-code', headers: {}, valid: { email }, textFields: ['email'] },
      { name: 'POST /api/auth/verify-reset-code', path: '/api/auth/verify-reset-code', headers: {}, valid: { email, code: '123456' }, textFields: ['email', 'code'] },
      { name: 'POST /api/auth/reset-password', path: '/api/auth/reset-password', headers: {}, valid: { email, code: '123456', password: PASSWORD, confirmPassword: PASSWORD }, textFields: ['email', 'code', 'password', 'confirmPassword'] },
      { name: 'POST /api/auth/change-password', path: '/api/auth/change-password', headers: seller, valid: { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, textFields: ['currentPassword', 'newPassword', 'confirmPassword'] },
      { name: 'POST /api/seller/profile', path: '/api/seller/profile', headers: account, valid: { ...SELLER_SIGNUP, businessName: 'Never Made' }, textFields: ['businessName', 'location', 'phone', 'whatsapp', 'businessProfile', 'about', 'paymentNumber'] },
      { name: 'PUT /api/seller/profile/business-details', path: '/api/seller/profile/business-details', headers: seller, valid: { businessName: 'Fuzz Phones', location: 'CBD', phone: '0712345678' }, textFields: ['businessName', 'location', 'phone', 'whatsapp'] },
      { name: 'PUT /api/seller/profile/about', path: '/api/seller/profile/about', headers: seller, valid: { about: 'We sell phones' }, textFields: ['about'] },
      { name: 'PUT /api/seller/profile/payout-details', path: '/api/seller/profile/payout-details', headers: seller, valid: { method: 'paybill', paybillNumber: '247247', accountReference: 'ACC-1', currentPassword: PASSWORD }, textFields: ['paybillNumber', 'accountReference', 'currentPassword'] },
      { name: 'POST /api/contact', path: '/api/contact', headers: {}, valid: { name: 'Amina', email: 'amina@example.com', message: 'Hello there' }, textFields: ['name', 'email', 'phone', 'message'] },
    ];
    for (const route of accountRoutes) routes.push({ ...route, method: route.name.startsWith('PUT') ? 'PUT' : 'POST' });
  }, 120_000);

  afterAll(async () => {
    await server?.shutdown();
    await world?.dispose();
  });

  it('has every JSON route: the escrow and admin ones, the auth routes, the four seller profile routes and the contact form', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const name of ['POST /api/contact', 'POST /api/seller/profile', 'PUT /api/seller/profile/payout-details', 'POST /api/auth/sign-in', 'POST /api/seller/orders', 'PUT /api/admin/payment-config']) {
      expect(routes.map((r) => r.name)).toContain(name);
    }
  });

  it('answers an empty body 400 (Content-Length: 0 or chunked), never a 5xx or a hang', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const body of [{ kind: 'fixed', text: '' }, { kind: 'chunked', text: '' }] as const) {
        const sent = await send(server.port, route, body);
        if (sent.status !== 400 || !sent.text.includes('"error"')) problems.push(`${route.name} (${body.kind} empty) -> ${sent.status} ${sent.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 413 to a body over the limit, by its Content-Length (100 MB declared) or while reading a streamed one', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const declared = await send(server.port, route, { kind: 'declared', declared: 100 * 1024 * 1024 });
      if (declared.status !== 413) problems.push(`${route.name} (100 MB declared) -> ${declared.status} ${declared.text.slice(0, 120)}`);
      const streamed = await send(server.port, route, { kind: 'stream', upTo: 8 * 1024 * 1024 });
      if (streamed.status !== 413) problems.push(`${route.name} (streamed) -> ${streamed.status} ${streamed.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a NUL or half a surrogate pair in every text field with a 4xx and a message of its own, never a 5xx', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const field of route.textFields) {
        for (const bad of NUL_AND_HALF_PAIRS) {
          const reply = await send(server.port, route, { kind: 'fixed', text: JSON.stringify({ ...route.valid, [field]: bad }) });
          sent += 1;
          const error = (JSON.parse(reply.text || '{}') as { error?: { message?: string } }).error;
          if (reply.status < 400 || reply.status > 499 || typeof error?.message !== 'string') problems.push(`${route.name} ${field}=${JSON.stringify(bad)} -> ${reply.status} ${reply.text.slice(0, 120)}`);
        }
      }
    }
    console.log(`[${dialect}] ${sent} requests with a NUL or half a surrogate pair over ${routes.length} JSON routes, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(world.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    // Each was refused by its field's schema or use case, never by the store's last line.
    expect(world.logs.filter((entry) => /NUL or a lone surrogate/.test(entry.message))).toEqual([]);
  });
});
