import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { notFoundBody } from '../../http/error-handler.js';
import { openApiOptions, routeDoc } from '../../http/openapi.js';

export const API_TITLE = 'Escrow Delivery API';

const INFO = {
  title: API_TITLE,
  version: '1.0.0',
  description:
    'The HTTP API of the M-Pesa escrow delivery service: sellers create orders, buyers pay into escrow by M-Pesa and confirm delivery with a code, riders carry the goods, admins settle. ' +
    'Errors are `{ error: { code, message } }` with stable codes; messages follow Accept-Language (en, sw). Generated from the routes and their zod schemas (decision 0071).',
};

/** The reference page: Swagger UI from our origin, so it runs under the site's CSP (script-src 'self', no inline script). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${API_TITLE} reference</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;

/** The files of swagger-ui-dist the page loads, read from the installed package (never bundled: scripts/bundle-api.mjs). */
const SWAGGER_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
type SwaggerFile = keyof typeof SWAGGER_FILES;
const isSwaggerFile = (name: string): name is SwaggerFile => Object.hasOwn(SWAGGER_FILES, name);

const swaggerDir = (): string => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The API's own description, mounted at /api (decision 0071):
 *   GET /openapi.json   the OpenAPI 3.1 document of every route, generated from the app's routes
 *                       once, at the first request (every route is mounted by then)
 *   GET /docs           the reference page (Swagger UI), and /docs/:file its script and styles
 */
export function apiDocsRoutes(app: Hono): Hono {
  const docs = new Hono();
  let document: Promise<unknown> | undefined;
  const files = new Map<string, Promise<Buffer>>();

  docs.get('/openapi.json', routeDoc({ tag: 'docs', summary: 'This OpenAPI 3.1 document', ok: 'The OpenAPI document of every route' }), async (c) => {
    document ??= generateSpecs(app, openApiOptions(INFO)).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    c.header('Cache-Control', 'no-cache');
    return c.json(await document);
  });

  docs.get('/docs', routeDoc({ tag: 'docs', summary: 'The API reference page (Swagger UI)', ok: { description: 'An HTML page that reads /api/openapi.json', media: 'text/html' } }), (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  });

  docs.get(
    '/docs/:file',
    routeDoc({ tag: 'docs', summary: 'The reference page\'s script and styles', description: 'swagger-ui.css, swagger-ui-bundle.js and favicon-32x32.png (from swagger-ui-dist), and init.js.', ok: { description: 'The file', media: 'text/javascript' }, errors: [404] }),
    async (c) => {
      const name = c.req.param('file');
      c.header('Cache-Control', 'public, max-age=3600');
      if (name === 'init.js') return c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      if (!isSwaggerFile(name)) return c.json(notFoundBody(), 404);
      let file = files.get(name);
      if (!file) {
        file = readFile(join(swaggerDir(), name));
        files.set(name, file);
        file.catch(() => files.delete(name));
      }
      return c.body(new Uint8Array(await file), 200, { 'Content-Type': SWAGGER_FILES[name] });
    },
  );
  return docs;
}
