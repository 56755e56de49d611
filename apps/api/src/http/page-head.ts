import { z } from 'zod';
import { pathSegments, spaRouteOf } from './spa-routes.js';

/**
 * Per-route <head> tags (title, description, Open Graph) in the index.html the server sends.
 * Link previews (WhatsApp, Facebook, X) and most crawlers do not run JavaScript, so the
 * tags the shell sets on navigation are invisible to them; the server writes them instead.
 *
 * The data is the shell's `public/page-meta.json` (copied into the build as
 * dist/page-meta.json), the one file the shell also reads for in-app navigation, so the
 * server and the browser cannot disagree about a page's title.
 */
const pageEntrySchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  noindex: z.boolean().optional(),
});

export const pageMetaSchema = z.object({
  siteName: z.string().min(1),
  locale: z.string().min(1),
  image: z
    .object({ path: z.string().startsWith('/'), width: z.number().int().positive(), height: z.number().int().positive(), alt: z.string() })
    .optional(),
  default: pageEntrySchema,
  notFound: pageEntrySchema,
  pages: z.record(z.string(), pageEntrySchema),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;
export type PageEntry = z.infer<typeof pageEntrySchema>;

const pageTextsSchema = z.object({ title: z.string().min(1), description: z.string().min(1) });

/**
 * The same pages' texts in another language: the shell's `public/page-meta-sw.json` (dist/),
 * which the shell also reads for in-app navigation on a Swahili page. Only words: the routes,
 * the image and `noindex` are page-meta.json's. `loading` is the placeholder's text in #root
 * (page.html's "Loading…"); `routeTitles` are the shell's titles of routes with no entry.
 */
export const pageMetaTranslationSchema = z.object({
  locale: z.string().min(1),
  loading: z.string().min(1),
  image: z.object({ alt: z.string() }).optional(),
  default: pageTextsSchema,
  notFound: pageTextsSchema,
  pages: z.record(z.string(), pageTextsSchema),
  routeTitles: z.record(z.string(), z.string().min(1)).optional(),
});

export type PageMetaTranslation = z.infer<typeof pageMetaTranslationSchema>;

/** `meta` with its words in the translation's language; an entry the translation lacks stays English. */
export function translatedPageMeta(meta: PageMeta, translation: PageMetaTranslation): PageMeta {
  const entry = (english: PageEntry, words: z.infer<typeof pageTextsSchema> | undefined): PageEntry => (words ? { ...english, title: words.title, description: words.description } : english);
  return {
    ...meta,
    locale: translation.locale,
    ...(meta.image ? { image: { ...meta.image, alt: translation.image?.alt ?? meta.image.alt } } : {}),
    default: entry(meta.default, translation.default),
    notFound: entry(meta.notFound, translation.notFound),
    pages: Object.fromEntries(Object.entries(meta.pages).map(([route, english]) => [route, entry(english, translation.pages[route])])),
  };
}

/** index.html holds its default head tags between these markers; they are replaced per route. */
export const HEAD_START = '<!--page-head:start-->';
export const HEAD_END = '<!--page-head:end-->';

/** The page's entry: its own, the default for a spec route without one, or the 404 entry. */
export function pageEntryFor(meta: PageMeta, pathname: string): { entry: PageEntry; route: string | undefined } {
  const route = spaRouteOf(pathname);
  if (route === undefined) return { entry: meta.notFound, route };
  return { entry: meta.pages[route] ?? meta.default, route };
}

/** 'About Us | Escrow Delivery'; the site name alone when the page has no title of its own. */
export function fullTitle(meta: PageMeta, entry: PageEntry): string {
  return entry.title === meta.siteName ? meta.siteName : `${entry.title} | ${meta.siteName}`;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The head tags of one page. `publicBaseUrl` (PUBLIC_BASE_URL) makes og:url, og:image and
 * the canonical link absolute, as Open Graph requires; without it they are left out rather
 * than built from the request's Host header, which the client controls. The query string is
 * never part of og:url: buyer links carry the delivery code there.
 */
export function headTags(meta: PageMeta, pathname: string, publicBaseUrl?: string): string {
  const { entry, route } = pageEntryFor(meta, pathname);
  const title = escapeHtml(fullTitle(meta, entry));
  const description = escapeHtml(entry.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...(entry.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:locale" content="${escapeHtml(meta.locale)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
  ];
  if (publicBaseUrl) {
    const path = '/' + pathSegments(pathname).map(encodeURIComponent).join('/');
    tags.push(`<meta property="og:url" content="${escapeHtml(publicBaseUrl + path)}" />`);
    if (route !== undefined && !entry.noindex) tags.push(`<link rel="canonical" href="${escapeHtml(publicBaseUrl + path)}" />`);
    if (meta.image) {
      tags.push(
        `<meta property="og:image" content="${escapeHtml(publicBaseUrl + meta.image.path)}" />`,
        `<meta property="og:image:width" content="${meta.image.width}" />`,
        `<meta property="og:image:height" content="${meta.image.height}" />`,
        `<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}" />`,
      );
    }
  }
  tags.push(`<meta name="twitter:card" content="${publicBaseUrl && meta.image ? 'summary_large_image' : 'summary'}" />`);
  return tags.join('\n    ');
}

/** Replaces the marked block of index.html; an index without the markers is returned as it is. */
export function injectHead(html: string, tags: string): string {
  const start = html.indexOf(HEAD_START);
  const end = html.indexOf(HEAD_END, start);
  if (start === -1 || end === -1) return html;
  return html.slice(0, start + HEAD_START.length) + '\n    ' + tags + '\n    ' + html.slice(end);
}

/** index.html's #root holds a placeholder between these markers; a prerendered page replaces it. */
export const BODY_START = '<!--page-body:start-->';
export const BODY_END = '<!--page-body:end-->';

/**
 * Pages the shell's build renders to HTML (dist/prerendered/...), by route pattern. The
 * landing page only: it is static, it is what a new seller opens first, and on a slow phone
 * network it then paints before the 13 scripts of the app arrive
 * (docs/decisions/0018-public-site-audit-and-link-previews.md).
 */
export const PRERENDERED_BODIES: Readonly<Record<string, string>> = { '/': 'prerendered/landing.html' };

/** Puts a prerendered page between the body markers; without markers the index is unchanged. */
export function injectBody(html: string, body: string): string {
  const start = html.indexOf(BODY_START);
  const end = html.indexOf(BODY_END, start);
  if (start === -1 || end === -1) return html;
  return html.slice(0, start + BODY_START.length) + body + html.slice(end);
}

const LOADING_PLACEHOLDER = /(<p class="state state--loading">)[^<]*(<\/p>)/;

/**
 * The loading placeholder between the body markers (page.html's "Loading…") in another
 * language; a page whose body was put in (prerendered or rendered) has none and is unchanged.
 */
export function localizeLoading(html: string, loading: string): string {
  const start = html.indexOf(BODY_START);
  const end = html.indexOf(BODY_END, start);
  if (start === -1 || end === -1) return html;
  const body = html.slice(start, end).replace(LOADING_PLACEHOLDER, (_whole, open: string, close: string) => `${open}${escapeHtml(loading)}${close}`);
  return html.slice(0, start) + body + html.slice(end);
}

/** The document's `<html lang>` as the page's language (a BCP 47 tag: en-KE, sw-KE). */
export const withDocumentLanguage = (html: string, tag: string): string => html.replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(tag)}">`);

/** A JSON file of the build read by `schema`; undefined when it is missing, not JSON or not that shape. */
function parseBuildFile<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Parses dist/page-meta-sw.json; undefined (the pages' words stay English) when it is missing or malformed. */
export const parsePageMetaTranslation = (text: string | undefined): PageMetaTranslation | undefined => parseBuildFile(pageMetaTranslationSchema, text);

/** Parses dist/page-meta.json; undefined (index.html served as built) when it is missing or malformed. */
export const parsePageMeta = (text: string | undefined): PageMeta | undefined => parseBuildFile(pageMetaSchema, text);
