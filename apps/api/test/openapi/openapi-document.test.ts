import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as viewSchemas from '@escrow/core/view-schemas';
import type { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { recordingLogger } from '../helpers/recording-logger.js';

// The OpenAPI document (GET /api/openapi.json, decision 0071) against the routes the app really
// registered: the production composition with every optional area on.

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { description?: string; $ref?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, unknown>; schemas: Record<string, unknown>; parameters?: Record<string, { in: string; name: string }> };
}

/** Hono's `/orders/:id` as OpenAPI's `/orders/{id}`. */
const templateOf = (path: string): string => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

/** Every route a client can call: the middleware entries (method ALL: `use`) are not routes. */
export function registeredRoutes(app: Hono): { method: string; path: string; names: string[] }[] {
  const byKey = new Map<string, { method: string; path: string; names: string[] }>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? { method: route.method, path: route.path, names: [] };
    entry.names.push(findTargetHandler(route.handler).name);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

type Schema = Record<string, unknown>;

/**
 * Where a schema (followed through its properties, items, combinations and `$ref`s) is `{}`:
 * a field the converter could not describe (a z.custom or a transform without a schema of its
 * input), which a client reads as "anything".
 */
export function emptySchemasIn(schema: unknown, where: string, components: Record<string, unknown>, seen = new Set<string>()): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  if (Object.keys(node).length === 0) return [where];
  const found: string[] = [];
  if (typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    const name = node.$ref.split('/').pop() ?? '';
    found.push(...emptySchemasIn(components[name], `${where} -> ${name}`, components, new Set([...seen, node.$ref])));
  }
  for (const [key, value] of Object.entries((node.properties ?? {}) as Schema)) found.push(...emptySchemasIn(value, `${where}.${key}`, components, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((member, index) => found.push(...emptySchemasIn(member, `${where}.${key}[${index}]`, components, seen)));
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (typeof node[key] === 'object') found.push(...emptySchemasIn(node[key], `${where}.${key}`, components, seen));
  }
  return found;
}

/**
 * The JSON answers with no view schema (@escrow/core/view-schemas), and why. Any other route
 * answering JSON must carry its view's schema: a new one without fails the test, naming it.
 */
const NO_VIEW_SCHEMA: readonly (readonly [route: string | RegExp, why: string])[] = [
  [/^POST \/api\/payments\/callbacks\/:secret\//, 'M-Pesa (Daraja) callbacks: the acknowledgement is Daraja\'s shape, read by Safaricom, not a view of ours'],
  ['POST /api/sms/callbacks/:secret/delivery', 'Africa\'s Talking\'s delivery reports: `{ received, stored }` for the provider'],
  ['GET /api/health', 'for probes and operators, not the apps'],
  ['GET /api/openapi.json', 'the document itself'],
  ['GET /api/me', 'no app reads it (they use GET /api/auth/session): not in the typed client\'s contracts'],
  ['POST /api/auth/sign-out', '`{ signedOut: true }`, not in the typed client\'s contracts'],
  ['PUT /api/auth/locale', '`{ locale }` (LocaleRecorded), sent fire-and-forget by the shell; no view schema yet'],
  ['PUT /api/buyer/orders/:id/locale', '`{ locale }` (LocaleRecorded), not in the typed client\'s contracts; no view schema yet'],
  ['PUT /api/rider/orders/:id/locale', '`{ locale }` (LocaleRecorded), not in the typed client\'s contracts; no view schema yet'],
];
const hasNoViewSchema = (route: string): boolean => NO_VIEW_SCHEMA.some(([pattern]) => (typeof pattern === 'string' ? pattern === route : pattern.test(route)));

/**
 * The typed API client's contracts (frontends/api-client/src/check-answer.ts): which view schema
 * checks the answer of which route. Read as text, as the API does not depend on the client.
 */
async function clientContracts(): Promise<Map<string, string>> {
  const source = await readFile(new URL('../../../../frontends/api-client/src/check-answer.ts', import.meta.url), 'utf8');
  return new Map([...source.matchAll(/^\s*'([A-Z]+ \/[^']*)': schemas\.(\w+),$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

/** A view schema as the document gives it: its output side, through hono-openapi as routeDoc does. */
async function documented(schema: unknown): Promise<unknown> {
  return (await resolver(schema as Parameters<typeof resolver>[0], { options: { io: 'output' } }).toOpenAPISchema()).schema;
}

let dir: string;
let composed: Composed;
let document: Document;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escrow-openapi-'));
  const config = loadConfig({
    DATA_DIR: dir,
    FRONTEND_DIST: '/nonexistent',
    MPESA_CALLBACK_SECRET: 'a1'.repeat(16),
    AT_CALLBACK_SECRET: 'b2'.repeat(16),
    METRICS_TOKEN: 'c3'.repeat(16),
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    GOOGLE_REDIRECT_URI: 'http://localhost:3000/api/auth/google/callback',
  });
  composed = await compose(config, recordingLogger(), { dispatchIntervalMs: 60_000 });
  const response = await composed.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});

afterAll(async () => {
  await composed?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('lists every route the app registered, each with a summary and a declared tag', () => {
    const routes = registeredRoutes(composed.app);
    // Every area is on: the callbacks, the admin's, Google sign-in and /metrics are there to check.
    for (const path of ['/api/payments/callbacks/:secret/stk', '/api/sms/callbacks/:secret/delivery', '/api/admin/export.csv', '/api/auth/google/callback', '/metrics', '/uploads/order-photos/:folder/:name']) {
      expect(routes.map((route) => route.path)).toContain(path);
    }
    const tags = new Set(document.tags.map((tag) => tag.name));
    const undocumented = routes.filter(({ method, path }) => {
      const operation = document.paths[templateOf(path)]?.[method.toLowerCase()];
      return !operation?.summary || !operation.tags?.length || !operation.tags.every((tag) => tags.has(tag));
    });
    expect(undocumented.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('gives each JSON body its zod schema, and each query-string schema its parameters', () => {
    const routes = registeredRoutes(composed.app);
    const withBody = routes.filter((route) => route.names.includes('jsonBody'));
    expect(withBody.length).toBeGreaterThan(20);
    for (const { method, path } of withBody) {
      const schema = document.paths[templateOf(path)]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      expect(schema, `${method} ${path}`).toBeDefined();
      expect(Object.keys(schema ?? {}), `${method} ${path}`).not.toEqual([]);
    }
    const withQuery = routes.filter((route) => route.names.includes('queryOf'));
    expect(withQuery.length).toBeGreaterThan(5);
    for (const { method, path } of withQuery) {
      const parameters = document.paths[templateOf(path)]?.[method.toLowerCase()]?.parameters ?? [];
      const resolved = parameters.map((parameter) => (parameter.$ref ? document.components.parameters?.[parameter.$ref.split('/').pop() ?? ''] : parameter));
      expect(resolved.some((parameter) => parameter?.in === 'query'), `${method} ${path}`).toBe(true);
    }
  });

  it('describes every field of every JSON body and query string: no `{}` schema (anything goes) in them', () => {
    const empty: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${template}`;
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (body) empty.push(...emptySchemasIn(body, `${where} body`, document.components.schemas));
        for (const parameter of operation.parameters ?? []) {
          const resolved = (parameter.$ref ? document.components.parameters?.[parameter.$ref.split('/').pop() ?? ''] : parameter) as { in?: string; name?: string; schema?: unknown } | undefined;
          if (resolved?.in === 'query') empty.push(...(resolved.schema === undefined ? [`${where} query ${resolved.name} (no schema)`] : emptySchemasIn(resolved.schema, `${where} query ${resolved.name}`, document.components.schemas)));
        }
      }
    }
    expect(empty).toEqual([]);
  });

  it('finds a `{}` however deep it sits (the check above can fail)', () => {
    const components = { Money: {} };
    expect(emptySchemasIn({ type: 'object', properties: { a: { type: 'string' }, b: {}, c: { anyOf: [{}, { type: 'null' }] }, d: { type: 'array', items: { $ref: '#/components/schemas/Money' } } } }, 'x', components)).toEqual(['x.b', 'x.c.anyOf[0]', 'x.d.items -> Money']);
    expect(emptySchemasIn({ type: 'object', properties: { a: { type: 'number' } } }, 'x', components)).toEqual([]);
  });

  it('gives each JSON answer its view\'s schema, the one the typed API client checks it with', async () => {
    const contracts = await clientContracts();
    expect(contracts.size).toBeGreaterThan(60);
    const byName = new Map<string, unknown>();
    for (const [name, schema] of Object.entries(viewSchemas)) byName.set(name, await documented(schema));
    const routes = registeredRoutes(composed.app).map(({ method, path }) => ({ route: `${method} ${path}`, operation: document.paths[templateOf(path)]?.[method.toLowerCase()] }));
    const problems: string[] = [];
    for (const { route, operation } of routes) {
      const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
      const json = success?.content?.['application/json'];
      if (!json) {
        if (contracts.has(route)) problems.push(`${route}: the client reads JSON, the document says none`);
        continue;
      }
      const expected = contracts.get(route);
      if (expected === undefined) {
        if (!hasNoViewSchema(route)) problems.push(`${route}: JSON with no view schema, and not listed in NO_VIEW_SCHEMA`);
        else if (!(Object.keys(json.schema ?? {}).length === 2 && json.schema?.type === 'object')) problems.push(`${route}: listed in NO_VIEW_SCHEMA but carries a schema`);
        continue;
      }
      if (hasNoViewSchema(route)) problems.push(`${route}: listed in NO_VIEW_SCHEMA but the client has its schema (${expected})`);
      if (!byName.has(expected)) problems.push(`${route}: the client's ${expected} is not exported by @escrow/core/view-schemas`);
      else if (JSON.stringify(json.schema) !== JSON.stringify(byName.get(expected))) problems.push(`${route}: the document's answer is not ${expected}`);
    }
    // Every contract of the client is a route of the app; every listed exception is one too.
    const registered = new Set(routes.map(({ route }) => route));
    for (const route of contracts.keys()) if (!registered.has(route)) problems.push(`${route}: in the client's contracts, not a route of the app`);
    for (const [pattern] of NO_VIEW_SCHEMA) if (![...registered].some((route) => (typeof pattern === 'string' ? pattern === route : pattern.test(route)))) problems.push(`${String(pattern)}: listed in NO_VIEW_SCHEMA, not a route of the app`);
    expect(problems).toEqual([]);
  });

  it('is structurally OpenAPI 3.1: path parameters declared, operation ids unique, every reference, tag and security scheme defined', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Escrow Delivery API');
    const operationIds: string[] = [];
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const [template, item] of Object.entries(document.paths)) {
      const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${template}`;
        expect(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'], where).toContain(method);
        const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(pathParameters.map((parameter) => parameter.name).sort(), where).toEqual([...inTemplate].sort());
        for (const parameter of pathParameters) expect(parameter.required, `${where} ${parameter.name}`).toBe(true);
        expect(operation.operationId, where).toMatch(/^\S+$/);
        operationIds.push(operation.operationId ?? '');
        expect(Object.keys(operation.responses ?? {}).length, where).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(response.$ref ?? response.description, `${where} ${status}`).toBeTruthy();
        }
        for (const tag of operation.tags ?? []) expect(tags, where).toContain(tag);
        for (const requirement of operation.security ?? []) for (const scheme of Object.keys(requirement)) expect(Object.keys(document.components.securitySchemes), where).toContain(scheme);
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    // Every $ref points at something the document defines.
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      const target = (ref ?? '')
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
      expect(target, ref).toBeDefined();
    }
  });

  it('describes the callbacks\' secret as a secret path parameter, and /metrics as bearer-only', () => {
    const stk = document.paths['/api/payments/callbacks/{secret}/stk']?.post;
    expect(stk?.parameters?.find((parameter) => parameter.name === 'secret')).toMatchObject({ in: 'path', required: true, description: expect.stringMatching(/^Secret/) });
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
  });
});

describe('the reference page', () => {
  it('is Swagger UI from our origin: the page, its init script pointing at the document, and swagger-ui-dist\'s files; nothing else', async () => {
    const page = await composed.app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.sort()).toEqual(['/api/docs/favicon-32x32.png', '/api/docs/init.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    expect(html).not.toMatch(/<script>[^<]/);

    const init = await composed.app.request('/api/docs/init.js');
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await init.text()).toContain("url: '/api/openapi.json'");
    for (const [file, type] of [['swagger-ui-bundle.js', /^text\/javascript/], ['swagger-ui.css', /^text\/css/], ['favicon-32x32.png', /^image\/png/]] as const) {
      const response = await composed.app.request(`/api/docs/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(type);
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(500);
    }
    // Only those files: not the package's others, nor a path out of it.
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json']) expect((await composed.app.request(`/api/docs/${file}`)).status, file).toBe(404);
  });
});
