import { readFile } from 'node:fs/promises';
import { MAX_PHOTO_BYTES, PHOTO_FOLDERS, viewTexts } from '@escrow/core';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../http/app-env.js';
import { notFoundBody, type ErrorBody } from '../http/error-handler.js';
import { payloadTooLarge } from '../http/json-body.js';

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

/**
 * GET /uploads/order-photos/{folder}/{name}: stored photos, served back by the URL the
 * storage returned. Names are timestamped random tokens, so they never change (immutable
 * caching) and cannot be listed or guessed; the storage refuses any path outside its folders.
 */
export function photoFilesRoute(files: { fileFor(path: string): string }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/order-photos/:folder/:name', async (c) => {
    const folder = c.req.param('folder');
    const name = c.req.param('name');
    if (!(PHOTO_FOLDERS as readonly string[]).includes(folder)) return c.json(notFoundBody(), 404);
    let bytes: Buffer;
    try {
      bytes = await readFile(files.fileFor(`${folder}/${name}`));
    } catch {
      return c.json(notFoundBody(), 404);
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': getMimeType(name) ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
  return app;
}
