import { parseOrFirstError } from '@escrow/core/validation';
import type { Context, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { errorBody, type ErrorBody } from './error-handler.js';

// What the JSON and query-string routes share: the JSON-only guard, the 400 and 415 answers, paging.

/**
 * The JSON routes' guard, before `jsonBody`: a body must be JSON (415 otherwise). A form post
 * or text/plain body is refused rather than read as "no fields", which on routes whose fields
 * are all optional would pass as a valid, empty request. A request without Content-Type has no
 * body to misread. The size limit (64 KB, 413) is `jsonBody`'s, enforced while reading.
 */
export const jsonBodyLimit = (): MiddlewareHandler => async (c, next) => {
  const type = mediaTypeOf(c);
  if (type !== '' && type !== 'application/json') return unsupportedMediaType(c, 'Send the request body as JSON (Content-Type: application/json)');
  return next();
};

export const mediaTypeOf = (c: Context): string => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export const unsupportedMediaType = (c: Context, message: string): Response => {
  const body: ErrorBody = { error: { code: 'BAD_REQUEST', message } };
  return c.json(body, 415);
};

export const badRequest = (c: Context, message: string): Response => {
  const body: ErrorBody = { error: { code: 'BAD_REQUEST', message } };
  return c.json(body, 400);
};

const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }))
    .optional();

export const pageQuerySchema = z.object({
  page: wholeNumber('Page must be a whole number from 1 to 1000', 1_000),
  pageSize: wholeNumber('Page size must be a whole number from 1 to 100', 100),
});

/**
 * Parses the query string with a zod schema: 400 with the first message otherwise. Marked for
 * the OpenAPI document (hono-openapi), which lists the schema's fields as query parameters.
 */
export function queryOf<T extends z.ZodType>(schema: T) {
  const validate = validator('query', (value, c) => {
    const parsed = parseOrFirstError(schema, value);
    if (parsed.ok) return parsed.value as z.output<T>;
    return c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400);
  });
  Object.defineProperty(validate, 'name', { value: 'queryOf' });
  Object.assign(validate, { [uniqueSymbol]: { target: 'query', ...resolver(schema) } });
  return validate;
}
