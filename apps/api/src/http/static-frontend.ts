import { INTL_LOCALE, LOCALE_COOKIE, requestLocale } from '@escrow/core/i18n';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, compress, compressedFileCache, isCompressible, MIN_COMPRESSIBLE_BYTES, type Encoding } from './compression.js';
import type { Logger } from './logger.js';
import { leanPageRenderer, type ReadApi, type RenderedPage } from './lean-page-render.js';
import {
  headTags,
  injectBody,
  injectHead,
  localizeLoading,
  parsePageMeta,
  parsePageMetaTranslation,
  PRERENDERED_BODIES,
  translatedPageMeta,
  withDocumentLanguage,
  type PageMeta,
} from './page-head.js';
import { LEAN_PAGE_DOCUMENTS, spaRouteOf } from './spa-routes.js';

// Vite names everything in its assets/ folders with a content hash, so those files never
// change under the same URL. index.html and remoteEntry.js keep their names across builds
// and must be revalidated, or a browser would mix an old shell with a new remote.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface StaticFrontendOptions {
  /** Absolute path of the built shell (frontends/shell/dist). */
  distDir: string;
  logger: Logger;
  /** PUBLIC_BASE_URL: makes og:url and og:image absolute in the per-route head tags. */
  publicBaseUrl?: string;
  /** The app's own fetch: a buyer's or rider's link is rendered with the page's first read (decision 0059). */
  readApi?: ReadApi;
}

type Resolved = { kind: 'refused' } | { kind: 'path'; relative: string; segments: string[] };

/** Decodes the URL path and refuses anything that could step outside the dist folder. */
function resolveRequestPath(url: string): Resolved {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(url).pathname);
  } catch {
    return { kind: 'refused' };
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  // '..' and dotfiles (.vite/, .env) are never served; backslashes and NUL never belong in a path.
  const unsafe = segments.some((segment) => segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'));
  return unsafe ? { kind: 'refused' } : { kind: 'path', relative: segments.join('/'), segments };
}

/** Vite's hashed output: dist/assets/, each remote's remotes/<name>/assets/ and each lean page's pages/<name>/assets/. */
function isAssetPath(segments: readonly string[]): boolean {
  return segments[0] === 'assets' || ((segments[0] === 'remotes' || segments[0] === 'pages') && segments[2] === 'assets');
}

async function fileSize(path: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
}

/**
 * index.html, page-meta.json and the prerendered bodies, held in memory: each request costs a
 * stat, and a file is read again only when a new build changed it.
 */
function textFiles() {
  const held = new Map<string, { version: string; text: string | undefined }>();
  return async (path: string): Promise<string | undefined> => {
    const info = await fileSize(path);
    const version = info ? `${info.size}-${info.mtimeMs}` : 'missing';
    const known = held.get(path);
    if (known?.version === version) return known.text;
    const text = info ? await readFile(path, 'utf8').catch(() => undefined) : undefined;
    held.set(path, { version, text });
    return text;
  };
}

/** The build's own compressed copy of `path` (scripts/precompress.mjs), if it is as new as the file. */
async function precompressed(path: string, encoding: Encoding, file: { mtimeMs: number }): Promise<Buffer<ArrayBuffer> | undefined> {
  const copy = `${path}.${encoding === 'br' ? 'br' : 'gz'}`;
  const info = await fileSize(copy);
  if (!info || info.mtimeMs < file.mtimeMs) return undefined;
  return (await readFile(copy).catch(() => undefined)) as Buffer<ArrayBuffer> | undefined;
}

/**
 * Serves the built frontends for GET and HEAD: real files with their content type and cache
 * policy, spec routes as index.html (200; the buyer's and rider's routes as their lean pages),
 * any other page path as index.html with 404.
 * index.html gets the page's own title, description and Open Graph tags (page-head.ts).
 * Text files are sent brotli- or gzip-compressed when the browser accepts it.
 * /api paths are left to the API (and its JSON 404).
 */
export function staticFrontend({ distDir, logger, publicBaseUrl, readApi }: StaticFrontendOptions): MiddlewareHandler {
  const root = distDir.endsWith(sep) ? distDir : distDir + sep;
  const indexFile = join(distDir, 'index.html');
  const pageMetaFile = join(distDir, 'page-meta.json');
  // The pages' words in Swahili (the shell's public/page-meta-sw.json), for a Swahili request.
  const pageMetaSwFile = join(distDir, 'page-meta-sw.json');
  const compressedFiles = compressedFileCache();
  const texts = textFiles();
  let parsedMeta: { text: string | undefined; meta: ReturnType<typeof parsePageMeta> } | undefined;
  let parsedSwahili: { text: string | undefined; english: PageMeta; swahili: { meta: PageMeta; loading: string } | undefined } | undefined;
  let warnedMissingBuild = false;
  const renderLeanPage = readApi ? leanPageRenderer({ distDir, logger, readApi }) : undefined;

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();

    const request = resolveRequestPath(c.req.url);
    if (request.kind === 'refused') return c.text('Bad request', 400);

    const filePath = join(distDir, request.relative);
    const file = filePath.startsWith(root) ? await fileSize(filePath) : undefined;
    if (file) {
      const version = `${file.size.toString(16)}-${Math.trunc(file.mtimeMs).toString(16)}`;
      const contentType = getMimeType(filePath) ?? 'application/octet-stream';
      const compressible = isCompressible(contentType) && file.size >= MIN_COMPRESSIBLE_BYTES;
      const encoding = compressible ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
      // Each encoding is its own representation, with its own validator.
      const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
      const headers: Record<string, string> = {
        'Content-Type': contentType,
        'Cache-Control': isAssetPath(request.segments) ? IMMUTABLE : REVALIDATE,
        ETag: etag,
        ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      };
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
      // The build's compressed copy as it is; compressed here (once, then cached) only without one.
      const body = encoding
        ? await compressedFiles.get(`${filePath}\0${version}\0${encoding}`, async () => (await precompressed(filePath, encoding, file)) ?? compress(await readFile(filePath), encoding, true))
        : await readFile(filePath);
      return c.body(body, 200, headers);
    }

    // A missing script or style under assets/ gets a plain 404, not a page of HTML.
    if (isAssetPath(request.segments)) return c.text('Not found', 404);

    const index = await texts(indexFile);
    if (index === undefined) {
      if (!warnedMissingBuild) {
        warnedMissingBuild = true;
        logger.warn('Frontend build not found; run `pnpm build:frontends`', { distDir });
      }
      return c.text('The web app has not been built yet. Run `pnpm build:frontends`.', 503);
    }
    const pathname = '/' + request.relative;
    const route = spaRouteOf(pathname);
    // The buyer's and rider's routes have lean pages of their own (decision 0053).
    const leanFile = route === undefined ? undefined : LEAN_PAGE_DOCUMENTS[route];
    const page = (leanFile === undefined ? undefined : await texts(join(distDir, leanFile))) ?? index;
    const metaText = await texts(pageMetaFile);
    if (parsedMeta === undefined || parsedMeta.text !== metaText) parsedMeta = { text: metaText, meta: parsePageMeta(metaText) };
    // The request's language (its cookie, else its Accept-Language): the head's words, the loading
    // placeholder and <html lang> in it (a rendered page is rendered in it too).
    const locale = requestLocale(getCookie(c, LOCALE_COOKIE), c.req.header('Accept-Language'));
    let meta = parsedMeta.meta;
    let loading: string | undefined;
    if (locale === 'sw' && meta) {
      const swahiliText = await texts(pageMetaSwFile);
      if (parsedSwahili === undefined || parsedSwahili.text !== swahiliText || parsedSwahili.english !== meta) {
        const translation = parsePageMetaTranslation(swahiliText);
        parsedSwahili = { text: swahiliText, english: meta, swahili: translation ? { meta: translatedPageMeta(meta, translation), loading: translation.loading } : undefined };
      }
      if (parsedSwahili.swahili) ({ meta, loading } = parsedSwahili.swahili);
    }
    let html = meta ? injectHead(page, headTags(meta, pathname, publicBaseUrl)) : page;
    if (loading !== undefined) html = withDocumentLanguage(localizeLoading(html, loading), INTL_LOCALE[locale]);
    const prerendered = PRERENDERED_BODIES[route ?? ''];
    const body = prerendered ? await texts(join(distDir, prerendered)) : undefined;
    if (body !== undefined) html = injectBody(html, body);
    // A buyer's or rider's link with its credentials comes with the order on it (decision 0059).
    const rendered: RenderedPage | undefined =
      renderLeanPage && route !== undefined && leanFile !== undefined && c.req.method === 'GET' ? await renderLeanPage(c, route, pathname, leanFile) : undefined;
    if (rendered) html = withRenderedPage(html, rendered);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const response = c.body(encoding ? await compress(Buffer.from(html), encoding, false) : html, route !== undefined ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      // A rendered page holds the buyer's or rider's order: kept by no cache.
      'Cache-Control': rendered ? 'no-store' : REVALIDATE,
      // The words follow the request's language cookie, else its Accept-Language.
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    for (const cookie of rendered?.setCookies ?? []) response.headers.append('Set-Cookie', cookie);
    return response;
  };
}

/**
 * The lean page with its server render inside #root and its answers before </body>; its
 * early-read.js goes, since the answer the script would fetch is already here.
 */
function withRenderedPage(html: string, rendered: RenderedPage): string {
  const withBody = injectBody(html, rendered.body)
    .replace(/<html lang="[^"]*">/, `<html lang="${INTL_LOCALE[rendered.locale]}">`).replace(/<script async src="[^"]*\/early-read\.js"><\/script>\s*/, '');
  const end = withBody.lastIndexOf('</body>');
  return end === -1 ? withBody : withBody.slice(0, end) + rendered.answersElement + '\n  ' + withBody.slice(end);
}
