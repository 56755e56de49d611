import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver, type DescribeRouteOptions, type GenerateSpecOptions } from 'hono-openapi';
import type { z } from 'zod';

// OpenAPI's types as hono-openapi uses them (openapi-types is its dependency, not ours).
type Operation = DescribeRouteOptions;
type Documentation = GenerateSpecOptions['documentation'];
type Components = NonNullable<Documentation['components']>;
type ParameterObject = Exclude<NonNullable<Operation['parameters']>[number], { $ref: string }>;
type SchemaObject = Exclude<NonNullable<Components['schemas']>[string], { $ref: string }>;
type SecuritySchemeObject = Exclude<NonNullable<Components['securitySchemes']>[string], { $ref: string }>;
type SecurityRequirementObject = NonNullable<Operation['security']>[number];
type Responses = NonNullable<Operation['responses']>;

// What the OpenAPI document (GET /api/openapi.json, decision 0071) says besides the routes' own
// zod schemas: the areas (tags), who may call (security schemes), and the shared error answers.
// Routes describe themselves with `routeDoc`; the document is generated from the app's routes.

/** The areas of the API, one tag each. */
export const API_TAGS = {
  health: 'Liveness and the database check',
  auth: 'Accounts: sign-up, sign-in, sessions, password reset, language',
  seller: 'The signed-in seller: profile, orders, riders, dashboard',
  buyer: 'The buyer, by the order id and the delivery code (or the shared link\'s view key)',
  rider: 'Riders: their phone proof, jobs, and the orders they carry by the rider link\'s key',
  public: 'Public tracking by tracking number',
  live: 'Server-sent events: an order\'s changes as they happen',
  admin: 'Admins: orders, settlements, payments, payouts, refunds, contacts, export',
  'payments-callbacks': 'M-Pesa (Daraja) callbacks: STK Push, C2B, transaction status, payouts; the path holds the callback secret',
  'sms-callbacks': 'Africa\'s Talking delivery reports; the path holds the callback secret',
  contact: 'The public contact form',
  photos: 'Stored pickup and delivery photos',
  metrics: 'Prometheus metrics (only with METRICS_TOKEN)',
  docs: 'This document and its reference page',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Who may call: each is a security scheme of the document. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description: 'The session cookie set by sign-in (`__Host-session` over HTTPS). State-changing requests must come from this site (Origin or Sec-Fetch-Site).',
  },
  deliveryCode: {
    type: 'apiKey',
    in: 'header',
    name: 'x-delivery-code',
    description: 'The buyer\'s 6-digit delivery code, or the shared link\'s view key (`?code=` on the live stream, where a header cannot be set).',
  },
  riderPhone: { type: 'apiKey', in: 'header', name: 'x-rider-phone', description: 'The rider\'s phone, as in the rider link (`?phone=` on the live stream).' },
  riderKey: { type: 'apiKey', in: 'header', name: 'x-rider-key', description: 'The rider link\'s key of the current assignment (`?key=` on the live stream).' },
  riderProof: { type: 'apiKey', in: 'cookie', name: 'rider_proof', description: 'Set by POST /api/rider/phone-proof once the rider typed the code sent to their phone.' },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, as `Authorization: Bearer <token>`.' },
} as const satisfies Record<string, SecuritySchemeObject>;
export type SecurityName = keyof typeof SECURITY_SCHEMES;

/** Who may call a route: any one of the entries; an entry of several schemes needs all of them. */
export type Caller = SecurityName | readonly SecurityName[];

/** The shared error answers, by status: every one is `{ error: { code, message } }`. */
export const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'The request is invalid: a field fails its form\'s rule (VALIDATION_FAILED, with the first failing message), malformed JSON, or a missing credential.' },
  401: { name: 'Unauthorized', description: 'Not signed in, or the credential is wrong (UNAUTHENTICATED, INVALID_CREDENTIALS, ...).' },
  403: { name: 'Forbidden', description: 'Signed in, but not allowed (FORBIDDEN, or a cross-site write).' },
  404: { name: 'NotFound', description: 'No such thing for this caller (a wrong code is answered like a missing order).' },
  408: { name: 'RequestTimeout', description: 'The request body did not arrive within 30 s.' },
  409: { name: 'Conflict', description: 'The order\'s (or record\'s) current state does not allow it, or an Idempotency-Key was reused with another body.' },
  413: { name: 'PayloadTooLarge', description: 'The body is over the route\'s limit (64 KB for JSON).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON (Content-Type: application/json).' },
  423: { name: 'Locked', description: 'The delivery code is locked after too many wrong tries (DELIVERY_CODE_LOCKED).' },
  429: { name: 'RateLimited', description: 'Too many requests (RATE_LIMITED); Retry-After says when to try again.' },
  503: { name: 'ServiceUnavailable', description: 'The database or the disk failed (SERVICE_UNAVAILABLE); Retry-After says when to try again.' },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'Every error answer of the API (apps/api/src/http/error-handler.ts).',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A stable code (VALIDATION_FAILED, BUYER_ORDER_NOT_FOUND, TRANSITION_NOT_ALLOWED, RATE_LIMITED, ...).', examples: ['VALIDATION_FAILED'] },
        message: { type: 'string', description: 'The user-facing text, in the request\'s language (Accept-Language: en or sw).' },
        attemptsLeft: { type: 'integer', description: 'Wrong delivery codes left before the code locks.' },
      },
    },
  },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

const errorRef = (status: ErrorStatus): { $ref: string } => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });

/** What a successful answer is: its status, a short description, its media type (JSON unless said) and, for JSON, its schema. */
export interface SuccessDoc {
  readonly status?: 200 | 201 | 202 | 204 | 302;
  readonly description: string;
  /** Default application/json. */
  readonly media?: 'application/json' | 'text/event-stream' | 'text/csv' | 'text/html' | 'text/plain' | 'image/*' | 'text/javascript' | 'text/css' | 'none';
  /**
   * The JSON answer's zod schema, from @escrow/core/view-schemas (the one the typed API client
   * checks answers with). Without it the answer is "an object" with the description.
   */
  readonly schema?: z.ZodType;
}

export interface RouteDoc {
  readonly tag: ApiTag;
  readonly summary: string;
  readonly description?: string;
  /** Who may call (any one of them); absent: anyone. */
  readonly caller?: readonly Caller[];
  /** The main success answer; a string is a 200 JSON object with that description and no schema. */
  readonly ok: string | SuccessDoc;
  /** The error answers beside the 400 of the route's validator and the 503 every route may give. */
  readonly errors?: readonly ErrorStatus[];
  /** The zod schema of a JSON body a route reads itself (routes with `jsonBody` get theirs from it). */
  readonly jsonSchema?: z.ZodType;
  /** A multipart body (photo uploads and the seller's new-order form), described in words. */
  readonly multipart?: string;
  /** A body a route parses itself without a zod schema of ours (the providers' callbacks), described in words. */
  readonly body?: { readonly media: 'application/json' | 'application/x-www-form-urlencoded'; readonly description: string };
  /** Extra parameters, e.g. the callback secret. */
  readonly parameters?: readonly ParameterObject[];
  /** The route takes an Idempotency-Key header (http/idempotency.ts). */
  readonly idempotent?: boolean;
}

/** The callback routes' secret path segment. */
export const CALLBACK_SECRET_PARAMETER: ParameterObject = {
  in: 'path',
  name: 'secret',
  required: true,
  schema: { type: 'string' },
  description: 'Secret: the callback secret (MPESA_CALLBACK_SECRET or AT_CALLBACK_SECRET), 32 to 128 lower-case hex digits, known only to us and the provider. A wrong one is answered 404.',
};

export const IDEMPOTENCY_KEY_PARAMETER: ParameterObject = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  schema: { type: 'string', maxLength: 200 },
  description: 'Retrying with the same key gives the first answer instead of acting twice.',
};

const securityOf = (callers: readonly Caller[]): SecurityRequirementObject[] =>
  callers.map((caller) => Object.fromEntries((typeof caller === 'string' ? [caller] : caller).map((name) => [name, []])));

function successResponse(ok: string | SuccessDoc): [string, Responses[string]] {
  const doc: SuccessDoc = typeof ok === 'string' ? { description: ok } : ok;
  const media = doc.media ?? 'application/json';
  const content =
    media === 'none' || doc.status === 204 || doc.status === 302
      ? undefined
      : media !== 'application/json'
        ? { [media]: { schema: { type: 'string' as const } } }
        : doc.schema
          ? // An answer as the server sends it: the schema's output side.
            { [media]: { schema: resolver(doc.schema, { options: { io: 'output' } }) } }
          : { [media]: { schema: { type: 'object' as const, description: doc.description } } };
  return [String(doc.status ?? 200), { description: doc.description, ...(content ? { content } : {}) }];
}

/**
 * A route's entry in the OpenAPI document: put first in the route's handlers. It does nothing
 * to the request (hono-openapi's describeRoute calls next); the generator reads it.
 */
export function routeDoc(doc: RouteDoc): MiddlewareHandler {
  const [status, success] = successResponse(doc.ok);
  const responses: Responses = { [status]: success };
  for (const error of doc.errors ?? []) responses[String(error)] = errorRef(error);
  responses['503'] = errorRef(503);
  const spec: DescribeRouteOptions = {
    summary: doc.summary,
    tags: [doc.tag],
    ...(doc.description ? { description: doc.description } : {}),
    security: doc.caller ? securityOf(doc.caller) : [],
    ...(doc.parameters || doc.idempotent ? { parameters: [...(doc.parameters ?? []), ...(doc.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])] } : {}),
    responses,
  };
  const content: NonNullable<Extract<DescribeRouteOptions['requestBody'], { content: unknown }>>['content'] = {};
  if (doc.jsonSchema) content['application/json'] = { schema: resolver(doc.jsonSchema) };
  if (doc.multipart) content['multipart/form-data'] = { schema: { type: 'object', description: doc.multipart } };
  if (doc.body) content[doc.body.media] = { schema: { type: 'object', description: doc.body.description } };
  if (Object.keys(content).length > 0) spec.requestBody = { required: true, content };
  return describeRoute(spec);
}

/** The document's fixed parts and the generator's options. */
export function openApiOptions(info: { title: string; version: string; description: string }): Partial<GenerateSpecOptions> {
  return {
    documentation: {
      openapi: '3.1.0',
      info,
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas: { Error: ERROR_SCHEMA },
        securitySchemes: SECURITY_SCHEMES,
        responses: Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: errorContent }])),
      },
    },
    // Every route the app registered is listed, described or not (the coverage test wants them described).
    includeEmptyPaths: true,
    // /api/openapi.json and /api/admin/export.csv are routes, not static files.
    excludeStaticFile: false,
    // A failing zod schema is our error shape, not hono-openapi's.
    defaultValidationErrorResponse: { description: ERROR_RESPONSES[400].description, content: errorContent },
  };
}
