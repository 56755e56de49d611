import { PHOTO_FOLDERS, type StoredFileReader } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFoundBody } from '../../http/error-handler.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /uploads/order-photos/{folder}/{name}: stored photos, served back by the URL the
 * storage returned, read through the storage port (local disk or an S3 bucket: the same URL
 * either way) and streamed. Names are timestamped random tokens, so they never change
 * (immutable caching) and cannot be listed or guessed; the storage refuses any path outside
 * its folders (read: none stored there).
 */
export function photoFilesRoute(files: StoredFileReader): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/order-photos/:folder/:name', routeDoc({ tag: 'photos', summary: 'A stored pickup or delivery photo, by the URL the upload returned', ok: { description: 'The image (immutable: names never change)', media: 'image/*' }, errors: [404] }), async (c) => {
    const folder = c.req.param('folder');
    const name = c.req.param('name');
    if (!(PHOTO_FOLDERS as readonly string[]).includes(folder)) return c.json(notFoundBody(), 404);
    const file = await files.read(`${folder}/${name}`);
    if (!file) return c.json(notFoundBody(), 404);
    return c.body(webStreamOf(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
  return app;
}

/** The stored bytes as a response body, pulled as the client reads; a client that goes away stops the read (and frees the file or connection). */
function webStreamOf(body: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
