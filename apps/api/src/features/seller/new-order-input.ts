import { orderFormSchema, parseOrFirstError, type OrderFormOutput } from '@escrow/core/validation';
import { MAX_PHOTO_BYTES, viewTexts } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from '../../http/error-handler.js';
import { isJsonRequest, payloadTooLarge, readJsonBody } from '../../http/json-body.js';
import { badRequest, mediaTypeOf, unsupportedMediaType } from '../../http/request-input.js';

/** The create-order form: two photos of at most 10 MB each, plus the text fields. */
const MAX_ORDER_FORM_BYTES = 2 * MAX_PHOTO_BYTES + 256 * 1024;

const tooLarge = (message: string) => (c: Context) => payloadTooLarge(c, message);

const multipartSizeLimit = bodyLimit({ maxSize: MAX_ORDER_FORM_BYTES, onError: tooLarge(viewTexts.refusals.photosTooLarge) });

/**
 * The create-order body limit: a multipart form with photos may be 20 MB (enforced while Hono
 * reads it); the JSON form is left to `readNewOrder`, which reads at most 64 KB of it.
 */
export const orderFormBodyLimit = (): MiddlewareHandler => async (c, next) => (isJsonRequest(c) ? next() : multipartSizeLimit(c, next));

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
