import { IncomingMessage } from 'node:http';
import { viewTexts } from '@escrow/core';
import { parseOrFirstError } from '@escrow/core/validation';
import type { Context, Next } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { errorBody, type ErrorBody } from './error-handler.js';

/** JSON bodies of the API are small forms; anything bigger is refused while it is read. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * How long a JSON body may take to arrive once its headers did. 64 KB takes a few seconds on
 * the slowest mobile link; a client that stops sending gets 408 rather than holding the request.
 */
export const JSON_BODY_TIMEOUT_MS = 30_000;

export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body';

export const payloadTooLarge = (c: Context, message: string = viewTexts.refusals.requestTooLarge): Response => {
  const body: ErrorBody = { error: { code: 'PAYLOAD_TOO_LARGE', message } };
  return c.json(body, 413);
};

const badRequest = (c: Context, message: string, status: 400 | 408 = 400): Response => {
  const body: ErrorBody = { error: { code: 'BAD_REQUEST', message } };
  return c.json(body, status);
};

// What Hono's validator reads as JSON: application/json and any application/<x>+json.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const mediaTypeOf = (c: Context): string => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** True when the request declares a JSON body (the types Hono's validator would parse). */
export const isJsonRequest = (c: Context): boolean => JSON_MEDIA_TYPE.test(mediaTypeOf(c));

/**
 * The Node request behind `c` when nothing has started reading its body (served by
 * @hono/node-server); undefined in-process (`app.request`), on another runtime, or once
 * anything touched the body. `readableDidRead` alone is not enough: it stays false when a
 * reader (Hono's bodyLimit builds the Fetch Request, whose web stream starts pulling at once)
 * consumed an empty body, and waiting for 'end' after it fired would wait forever. The body is
 * untouched only while the stream has never flowed and has not ended.
 */
export function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage)) return undefined;
  const untouched = !incoming.readableDidRead && incoming.readableFlowing === null && !incoming.readableEnded && !incoming.destroyed;
  return untouched ? incoming : undefined;
}

type Bytes = { readonly kind: 'bytes'; readonly bytes: Buffer } | { readonly kind: 'too-large' } | { readonly kind: 'timeout' };

/** The body's bytes, or 'too-large' as soon as they pass `maxBytes` (the rest is left for Node to discard). */
function readNodeBody(incoming: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      clearTimeout(timer);
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve({ kind: 'bytes', bytes: Buffer.concat(chunks, size) });
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const onClose = (): void => {
      done();
      reject(new Error('the request closed before its body ended'));
    };
    const timer = setTimeout(() => {
      done();
      resolve({ kind: 'timeout' });
    }, timeoutMs);
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** The same through the Fetch Request (in-process, or when something else started the body). */
async function readWebBody(c: Context, maxBytes: number, timeoutMs: number): Promise<Bytes> {
  const raw = c.req.raw;
  // Read already (e.g. Hono's bodyLimit buffered it into a new Request): Hono's cache has it.
  if (raw.bodyUsed) {
    const text = await c.req.text().catch(() => '');
    const bytes = Buffer.from(text, 'utf8');
    return bytes.length > maxBytes ? { kind: 'too-large' } : { kind: 'bytes', bytes };
  }
  if (!raw.body) return { kind: 'bytes', bytes: Buffer.alloc(0) };
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === 'timeout') return { kind: 'timeout' };
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) return { kind: 'too-large' };
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
  return { kind: 'bytes', bytes: Buffer.concat(chunks, size) };
}

export interface JsonBodyLimit {
  /** Default MAX_JSON_BODY_BYTES (64 KB). */
  readonly maxBytes?: number;
  readonly tooLargeMessage?: string;
  /** Default JSON_BODY_TIMEOUT_MS. */
  readonly timeoutMs?: number;
}

export type JsonRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly response: Response };

/**
 * Reads and parses a JSON body with a size limit enforced by the declared Content-Length and
 * while reading, and a time limit: 413 over the limit, 408 too slow, 400 malformed (an empty
 * body included). Served by Node, the body is read straight from the request stream, which
 * costs less CPU than the Fetch Request's web stream (decision 0024); otherwise through the
 * Fetch Request, with the same limits. Call it only for a JSON request (`isJsonRequest`).
 */
export async function readJsonBody(c: Context, limit: JsonBodyLimit = {}): Promise<JsonRead> {
  const maxBytes = limit.maxBytes ?? MAX_JSON_BODY_BYTES;
  const timeoutMs = limit.timeoutMs ?? JSON_BODY_TIMEOUT_MS;
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) return { ok: false, response: payloadTooLarge(c, limit.tooLargeMessage) };
  const incoming = unreadIncoming(c);
  const read = incoming ? await readNodeBody(incoming, maxBytes, timeoutMs) : await readWebBody(c, maxBytes, timeoutMs);
  if (read.kind === 'too-large') return { ok: false, response: payloadTooLarge(c, limit.tooLargeMessage) };
  if (read.kind === 'timeout') {
    c.header('Connection', 'close');
    return { ok: false, response: badRequest(c, viewTexts.refusals.requestTooSlow, 408) };
  }
  try {
    return { ok: true, value: JSON.parse(read.bytes.toString('utf8')) as unknown };
  } catch {
    return { ok: false, response: badRequest(c, MALFORMED_JSON_MESSAGE) };
  }
}

/**
 * Route middleware that parses and validates a JSON body with a zod schema (the same
 * schemas the frontends use, from @escrow/core/validation). A JSON body over `maxBytes` (64 KB)
 * is answered 413, by its Content-Length or while it is read; one that does not arrive within
 * 30 s 408; malformed or empty JSON 400; a body that fails the schema 400 VALIDATION_FAILED
 * with the first failing message in field order (spec section 5). A request whose
 * Content-Type is not JSON is not read: the schema sees no fields. Handlers read the parsed
 * body with `c.req.valid('json')`.
 *
 * The body is read here (`readJsonBody`) and handed to Hono's validator through its body
 * cache, so the validator never reads a body itself, whatever the Content-Type.
 */
export function jsonBody<T extends z.ZodType>(schema: T, limit: JsonBodyLimit = {}) {
  const validate = validator('json', (value, c) => {
    const parsed = parseOrFirstError(schema, value);
    if (parsed.ok) return parsed.value as z.output<T>;
    return c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400);
  });
  const readThenValidate = async (c: Context, next: Next): Promise<unknown> => {
    if (isJsonRequest(c)) {
      const read = await readJsonBody(c, limit);
      if (!read.ok) return read.response;
      c.req.bodyCache.json = Promise.resolve(read.value);
    }
    return validate(c, next);
  };
  // The OpenAPI document reads the body's schema from here (hono-openapi's mark); the request never does.
  Object.assign(readThenValidate, { [uniqueSymbol]: { target: 'json', ...resolver(schema) } });
  Object.defineProperty(readThenValidate, 'name', { value: 'jsonBody' });
  // The validator's type carries what `c.req.valid('json')` returns to the route.
  return readThenValidate as unknown as typeof validate;
}

/**
 * The body of a route that parses its JSON itself (the seller profile's use cases take
 * `unknown`): the parsed JSON, `{}` for a request that is not JSON (the use case then answers
 * with the form's first message), or the 400/408/413 answer.
 */
export async function jsonInputOrEmpty(c: Context, limit: JsonBodyLimit = {}): Promise<JsonRead> {
  if (!isJsonRequest(c)) return { ok: true, value: {} };
  return readJsonBody(c, limit);
}
