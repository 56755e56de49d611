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
  readonly default: PageEntry;
  readonly notFound: PageEntry;
  readonly pages: Readonly<Record<string, PageEntry | undefined>>;
} = pageMetaJson;

/** The entry of a route pattern; undefined for an unknown path (the 404 page). */
export function pageEntryFor(routePath: string | undefined, routeTitle?: string): PageEntry {
  if (routePath === undefined) return pageMeta.notFound;
  const own = pageMeta.pages[routePath];
  if (own) return own;
  return routeTitle ? { ...pageMeta.default, title: routeTitle } : pageMeta.default;
}

/** 'About Us | Escrow Delivery', as the server writes it. */
export function documentTitle(entry: PageEntry): string {
  return entry.title === pageMeta.siteName ? pageMeta.siteName : `${entry.title} | ${pageMeta.siteName}`;
}
