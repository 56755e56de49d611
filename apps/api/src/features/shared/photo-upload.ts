import { MAX_PHOTO_BYTES, viewTexts } from '@escrow/core';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorBody } from '../../http/error-handler.js';
import { payloadTooLarge } from '../../http/json-body.js';

/** Room for the multipart envelope (boundaries, part headers, small text fields) around a 10 MB photo. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const PHOTO_TOO_LARGE_MESSAGE = viewTexts.refusals.photoTooLarge;

/**
 * The upload size limit, enforced while the body is read (Hono's bodyLimit): a declared
 * Content-Length over the limit is refused before reading, a chunked body as soon as it
 * passes it. Put it first on every photo upload route.
 */
export function photoBodyLimit() {
  return bodyLimit({
    maxSize: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: (c) => payloadTooLarge(c, PHOTO_TOO_LARGE_MESSAGE),
  });
}

export type PhotoUpload = { readonly ok: true; readonly bytes: Uint8Array | null } | { readonly ok: false; readonly response: Response };

/**
 * The photo of a multipart/form-data upload (field `photo` unless told otherwise), as bytes.
 * `bytes` is null when the field is missing or not a file; the use case decides what that
 * means (checkPhoto judges the bytes, never the file name or declared type). A body that is
 * not multipart, or is broken, is a 400.
 */
export async function readPhotoUpload(c: Context, field = 'photo'): Promise<PhotoUpload> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: 'Send the photo as multipart/form-data' } };
    return { ok: false, response: c.json(body, 400) };
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: false });
  } catch {
    const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: viewTexts.refusals.uploadUnreadable } };
    return { ok: false, response: c.json(body, 400) };
  }
  const file = form[field];
  if (!(file instanceof File)) return { ok: true, bytes: null };
  return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
}
