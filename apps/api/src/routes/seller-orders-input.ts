import { orderFormSchema, parseOrFirstError, type OrderFormOutput } from '@escrow/core/validation';
import { MAX_PHOTO_BYTES, viewTexts } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { errorBody, type ErrorBody } from '../http/error-handler.js';
import { isJsonRequest, payloadTooLarge, readJsonBody } from '../http/json-body.js';

/** The create-order form: two photos of at most 10 MB each, plus the text fields. */
const MAX_ORDER_FORM_BYTES = 2 * MAX_PHOTO_BYTES + 256 * 1024;

const tooLarge = (message: string) => (c: Context) => payloadTooLarge(c, message);

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

const multipartSizeLimit = bodyLimit({ maxSize: MAX_ORDER_FORM_BYTES, onError: tooLarge(viewTexts.refusals.photosTooLarge) });

/**
 * The create-order body limit: a multipart form with photos may be 20 MB (enforced while Hono
 * reads it); the JSON form is left to `readNewOrder`, which reads at most 64 KB of it.
 */
export const orderFormBodyLimit = (): MiddlewareHandler => async (c, next) => (isJsonRequest(c) ? next() : multipartSizeLimit(c, next));

const mediaTypeOf = (c: Context): string => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

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

/** Parses the query string with a zod schema: 400 with the first message otherwise. */
export function queryOf<T extends z.ZodType>(schema: T) {
  return validator('query', (value, c) => {
    const parsed = parseOrFirstError(schema, value);
    if (parsed.ok) return parsed.value as z.output<T>;
    return c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400);
  });
}

export type NewOrderRequest =
  | { readonly ok: true; readonly input: OrderFormOutput; readonly productPhoto: Uint8Array | null; readonly packagedPhoto: Uint8Array | null }
  | { readonly ok: false; readonly response: Response };

const PHOTO_FIELDS = ['productPhoto', 'packagedPhoto'] as const;
const NOT_AN_IMAGE = viewTexts.refusals.notAnImage;

/**
 * The create-order form, as JSON or as multipart/form-data (text fields plus optional
 * `productPhoto` and `packagedPhoto` files), parsed with the form's own zod schema. Fields the
 * server computes (fee, payouts, status, tracking number, code, photo URLs) are not in the
 * schema and are dropped, never stored.
 */
export async function readNewOrder(c: Context): Promise<NewOrderRequest> {
  const type = mediaTypeOf(c);
  let fields: unknown;
  const photos: Record<(typeof PHOTO_FIELDS)[number], Uint8Array | null> = { productPhoto: null, packagedPhoto: null };
  if (type === 'application/json') {
    const read = await readJsonBody(c);
    if (!read.ok) return read;
    fields = read.value;
  } else if (type === 'multipart/form-data') {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: false });
    } catch {
      return { ok: false, response: badRequest(c, viewTexts.refusals.formUnreadable) };
    }
    const text: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(form)) {
      if ((PHOTO_FIELDS as readonly string[]).includes(key)) continue;
      // A file where text belongs is as wrong as a missing field: the schema says which message.
      text[key] = typeof value === 'string' ? value : undefined;
    }
    for (const field of PHOTO_FIELDS) {
      const value = form[field];
      if (value === undefined || value === '') continue;
      if (!(value instanceof File)) return { ok: false, response: c.json(errorBody({ code: 'VALIDATION_FAILED', message: NOT_AN_IMAGE }), 400) };
      // A browser sends an empty part for a file input left empty.
      if (value.size > 0) photos[field] = new Uint8Array(await value.arrayBuffer());
    }
    fields = text;
  } else {
    return { ok: false, response: unsupportedMediaType(c, 'Send the order as JSON or as multipart/form-data') };
  }
  const parsed = parseOrFirstError(orderFormSchema, fields);
  if (!parsed.ok) return { ok: false, response: c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400) };
  return { ok: true, input: parsed.value, productPhoto: photos.productPhoto, packagedPhoto: photos.packagedPhoto };
}
