import { readFile } from 'node:fs/promises';
import { PHOTO_FOLDERS } from '@escrow/core';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../../http/app-env.js';
import { notFoundBody } from '../../http/error-handler.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /uploads/order-photos/{folder}/{name}: stored photos, served back by the URL the
 * storage returned. Names are timestamped random tokens, so they never change (immutable
 * caching) and cannot be listed or guessed; the storage refuses any path outside its folders.
 */
export function photoFilesRoute(files: { fileFor(path: string): string }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/order-photos/:folder/:name', routeDoc({ tag: 'photos', summary: 'A stored pickup or delivery photo, by the URL the upload returned', ok: { description: 'The image (immutable: names never change)', media: 'image/*' }, errors: [404] }), async (c) => {
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
