import type { Locale } from '@escrow/core/i18n';
import pageMetaJson from '../../../public/page-meta.json';

/**
 * Titles, descriptions and Open Graph data of the pages: public/page-meta.json, which the
 * build copies to dist/ where the API reads it to write the same tags into the index.html it
 * sends (apps/api/src/http/page-head.ts). One file, two readers, no drift.
 */
export interface PageEntry {
  readonly title: string;
  readonly description: string;
  readonly noindex?: boolean;
}

export const pageMeta: {
  readonly siteName: string;
  readonly locale: string;
  readonly default: PageEntry;
  readonly notFound: PageEntry;
  readonly pages: Readonly<Record<string, PageEntry | undefined>>;
} = pageMetaJson;

/** The pages' words in another language (public/page-meta-sw.json, which the server reads too). */
export interface PageWords {
  readonly locale: string;
  readonly default: PageEntry;
  readonly notFound: PageEntry;
  readonly pages: Readonly<Record<string, PageEntry | undefined>>;
  /** The titles of the shell's routes (route-table.tsx `title`) that have no entry of their own. */
  readonly routeTitles: Readonly<Record<string, string | undefined>>;
}

let swahili: PageWords | undefined;

/** The words of `locale` when they are here; English needs none. */
export const pageWordsOf = (locale: Locale): PageWords | undefined => (locale === 'sw' ? swahili : undefined);

/** Fetches the Swahili words (a chunk of their own, only for a Swahili page) once. */
export async function loadPageWords(locale: Locale): Promise<void> {
  if (locale !== 'sw' || swahili) return;
  swahili = (await import('../../../public/page-meta-sw.json')).default;
}

/** The entry of a route pattern in `locale` (English until its words are loaded); the 404 entry for an unknown path. */
export function pageEntryFor(routePath: string | undefined, routeTitle?: string, locale: Locale = 'en'): PageEntry {
  const words = pageWordsOf(locale);
  if (routePath === undefined) return words ? { ...pageMeta.notFound, ...words.notFound } : pageMeta.notFound;
  const own = pageMeta.pages[routePath];
  if (own) return words?.pages[routePath] ? { ...own, ...words.pages[routePath] } : own;
  const fallback = words ? { ...pageMeta.default, ...words.default } : pageMeta.default;
  const title = (words ? words.routeTitles[routePath] : undefined) ?? routeTitle;
  return title ? { ...fallback, title } : fallback;
}

/** 'About Us | Escrow Delivery', as the server writes it. */
export function documentTitle(entry: PageEntry): string {
  return entry.title === pageMeta.siteName ? pageMeta.siteName : `${entry.title} | ${pageMeta.siteName}`;
}
