import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LOCALE_COOKIE, requestLocale, type Locale } from '@escrow/core/i18n';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from './logger.js';
import { pathSegments, type SpaRoutePattern } from './spa-routes.js';

/**
 * A buyer's or rider's link rendered on the server (decision 0059): the API makes the page's
 * first read itself, through its own routes (the same checks, rate limits and cookies as the
 * browser's read), renders the page with the answer, and sends the answer along for the page
 * to hydrate from. On a slow phone network the order is on screen when the HTML and its CSS
 * have arrived, not after the page's script has.
 */

/** The page's first GET, as the page's own script sends it (frontends/<role>/src/shared API modules). */
interface PageRead {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** What the frontends' serverRenderBuild writes beside each lean page (frontends/federation.ts SERVER_RENDER_FILE). */
const SERVER_RENDER_FILE = '.server/render.cjs';

/** What a lean page's render.cjs exports (frontends/ui/src/page/page-answers.ts ServerPage). */
type RenderPage = (page: { pathname: string; search: string; answers: readonly PageAnswer[]; locale: Locale }) => string;

/** The read's answer as the page takes it: its path, not the credentials it was read with (they are in the page's own address). */
interface PageAnswer {
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

const trimmed = (value: string | null): string => value?.trim() ?? '';
const lastId = (pathname: string): string => pathSegments(pathname).at(-1) ?? '';
const json = { Accept: 'application/json' } as const;

const buyerRead = (pathname: string, query: URLSearchParams): PageRead | undefined => {
  const code = trimmed(query.get('code'));
  return code ? { path: `/api/buyer/orders/${encodeURIComponent(lastId(pathname))}`, headers: { 'X-Delivery-Code': code, ...json } } : undefined;
};

/**
 * The first read of each server-rendered route, from the document's decoded path and query; a
 * link without its credentials is not read (the page says what is missing). These mirror the
 * pages' early-read.js and their API modules: a read that differs is not taken by the page,
 * which then reads again.
 */
const PAGE_READS: Partial<Record<SpaRoutePattern, (pathname: string, query: URLSearchParams) => PageRead | undefined>> = {
  '/buyer/order/:id': buyerRead,
  '/buyer/:id': buyerRead,
  '/rider/:orderId': (pathname, query) => {
    const phone = trimmed(query.get('phone'));
    const key = trimmed(query.get('key'));
    return phone && key ? { path: `/api/rider/orders/${encodeURIComponent(lastId(pathname))}`, headers: { 'X-Rider-Phone': phone, 'X-Rider-Key': key, ...json } } : undefined;
  },
};

/** Request headers of the document that the page's own read would not send the same way. */
const DOCUMENT_ONLY_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'content-type', 'content-length'];

export interface RenderedPage {
  /** The page's HTML for inside #root. */
  readonly body: string;
  /** The answers as a JSON data block for the document, placed before </body>. */
  readonly answersElement: string;
  /** Cookies the read set (the buyer's proof cookie): the document carries them. */
  readonly setCookies: readonly string[];
  /** The language it was rendered in (the request's cookie, else its Accept-Language): the document's `<html lang>`. */
  readonly locale: Locale;
}

/** The API's own fetch, for the page's read through its routes. */
export type ReadApi = (request: Request, env: unknown) => Response | Promise<Response>;

/** JSON inside <script>: nothing in it can close the element or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function leanPageRenderer({ distDir, logger, readApi }: { distDir: string; logger: Logger; readApi: ReadApi }) {
  const load = createRequire(import.meta.url);
  const loaded = new Map<string, { version: string; render: RenderPage | undefined }>();

  /**
   * The page's renderer, loaded once per build of it (with require: the API's bundle runs from
   * V8's code cache, decision 0056, where import() has no loader); undefined when there is none.
   */
  async function rendererOf(leanFile: string): Promise<RenderPage | undefined> {
    const file = join(distDir, dirname(leanFile), SERVER_RENDER_FILE);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const version = `${info.size}-${info.mtimeMs}`;
    const known = loaded.get(file);
    if (known?.version === version) return known.render;
    let render: RenderPage | undefined;
    try {
      delete load.cache[file];
      const module = load(file) as { render?: unknown };
      render = typeof module.render === 'function' ? (module.render as RenderPage) : undefined;
    } catch (error) {
      logger.error('A lean page renderer could not be loaded; its page renders in the browser', { file, error: String(error) });
    }
    loaded.set(file, { version, render });
    return render;
  }

  /**
   * The rendered page for a GET of `route` (`pathname`: the document's path as static-frontend
   * decoded it), or undefined: the document is sent as built.
   */
  return async (c: Context, route: SpaRoutePattern, pathname: string, leanFile: string): Promise<RenderedPage | undefined> => {
    const url = new URL(c.req.url);
    const read = PAGE_READS[route]?.(pathname, url.searchParams);
    if (read === undefined) return undefined;
    const render = await rendererOf(leanFile);
    if (render === undefined) return undefined;

    const headers = new Headers(c.req.raw.headers);
    for (const name of DOCUMENT_ONLY_HEADERS) headers.delete(name);
    for (const [name, value] of Object.entries(read.headers)) headers.set(name, value);
    const response = await readApi(new Request(new URL(read.path, url), { method: 'GET', headers }), c.env);
    const body: unknown = response.headers.get('content-type')?.startsWith('application/json') ? await response.json().catch(() => undefined) : undefined;
    if (body === undefined) return undefined;
    const answers: PageAnswer[] = [{ path: read.path, status: response.status, body }];
    const locale = requestLocale(getCookie(c, LOCALE_COOKIE), c.req.header('Accept-Language'));
    try {
      return {
        locale,
        body: render({ pathname: url.pathname, search: url.search, answers, locale }),
        answersElement: `<script type="application/json" id="escrow-page-answers">${scriptSafeJson(answers)}</script>`,
        setCookies: response.headers.getSetCookie(),
      };
    } catch (error) {
      logger.error('A lean page could not be rendered on the server; it renders in the browser', { route, error: String(error) });
      return undefined;
    }
  };
}
