import { IncomingMessage } from 'node:http';
import { parseOrFirstError } from '@escrow/core/validation';
import type { Context, Next } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { errorBody, type ErrorBody } from './error-handler.js';

/** JSON bodies of the API are small forms; anything bigger is refused while it is read. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export const payloadTooLarge = (c: Context, message = 'The request is too large'): Response => {
  const body: ErrorBody = { error: { code: 'PAYLOAD_TOO_LARGE', message } };
  return c.json(body, 413);
};

const isJsonType = (c: Context): boolean => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * The Node request behind `c` when nothing has read its body yet (served by
 * @hono/node-server); undefined in-process (`app.request`) or on another runtime.
 */
export function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage && !incoming.readableDidRead ? incoming : undefined;
}

/** The body's bytes, or null as soon as they pass `maxBytes` (the rest is left for Node to discard). */
function readBody(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const onClose = (): void => {
      done();
      reject(new Error('the request closed before its body ended'));
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/**
 * Route middleware that parses and validates a JSON body with a zod schema (the same
 * schemas the frontends use, from @escrow/core/validation). A JSON body over `maxBytes` (64 KB) is
 * answered 413, by its Content-Length or while it is read; malformed JSON 400 (Hono's
 * validator, through the error handler); a body that fails the schema 400 VALIDATION_FAILED
 * with the first failing message in field order (spec section 5). Handlers read the parsed
 * body with `c.req.valid('json')`.
 *
 * Served by Node, the body is read straight from the request stream and handed to the
 * validator through Hono's body cache: reading it through the Fetch API's Request (a web
 * stream over the Node stream, an AbortController) cost more CPU than the rest of the
 * parsing (decision 0024).
 */
export function jsonBody<T extends z.ZodType>(schema: T, limit: { maxBytes?: number; tooLargeMessage?: string } = {}) {
  const maxBytes = limit.maxBytes ?? MAX_JSON_BODY_BYTES;
  const validate = validator('json', (value, c) => {
    const parsed = parseOrFirstError(schema, value);
    if (parsed.ok) return parsed.value as z.output<T>;
    return c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400);
  });
  const readThenValidate = async (c: Context, next: Next): Promise<unknown> => {
    if (isJsonType(c)) {
      const declared = c.req.header('content-length');
      if (declared !== undefined && Number(declared) > maxBytes) return payloadTooLarge(c, limit.tooLargeMessage);
      const incoming = unreadIncoming(c);
      if (incoming) {
        const bytes = await readBody(incoming, maxBytes);
        if (bytes === null) return payloadTooLarge(c, limit.tooLargeMessage);
        const parsed = parseJson(bytes.toString('utf8'));
        // Marked handled here; the validator awaits it and answers a parse error with 400.
        parsed.catch(() => undefined);
        c.req.bodyCache.json = parsed;
      }
    }
    return validate(c, next);
  };
  // The validator's type carries what `c.req.valid('json')` returns to the route.
  return readThenValidate as unknown as typeof validate;
}

const parseJson = (text: string): Promise<unknown> => {
  try {
    return Promise.resolve(JSON.parse(text) as unknown);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
};
