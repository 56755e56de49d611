import { useEffect } from 'react';
import { useLocale } from '@escrow/ui/i18n/react';
import { documentTitle, loadPageWords, pageEntryFor, pageMeta, pageWordsOf } from './page-meta.ts';

function setMetaContent(selector: string, create: () => HTMLMetaElement, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.content = content;
}

const namedMeta = (name: string) => () => Object.assign(document.createElement('meta'), { name });
const propertyMeta = (property: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute('property', property);
  return element;
};

/**
 * Keeps the head in step with in-app navigation: title, description, robots and the Open
 * Graph title, description and URL (the server wrote them for the first page; crawlers that
 * run JavaScript read these). og:url never carries the query string: buyer links hold the
 * delivery code there.
 */
export function useDocumentHead(routePath: string | undefined, routeTitle: string | undefined, pathname: string): void {
  // In the page's language (the server wrote the first page's tags in the request's): a Swahili
  // page fetches the Swahili words once, and keeps the server's tags until they are here.
  const locale = useLocale();
  useEffect(() => {
    let current = true;
    const apply = () => {
      if (!current) return;
      const entry = pageEntryFor(routePath, routeTitle, locale);
      const title = documentTitle(entry);
      document.title = title;
      setMetaContent('meta[name="description"]', namedMeta('description'), entry.description);
      setMetaContent('meta[property="og:title"]', propertyMeta('og:title'), title);
      setMetaContent('meta[property="og:description"]', propertyMeta('og:description'), entry.description);
      const ogLocale = document.head.querySelector<HTMLMetaElement>('meta[property="og:locale"]');
      if (ogLocale) ogLocale.content = pageWordsOf(locale)?.locale ?? pageMeta.locale;

      const ogUrl = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]');
      if (ogUrl) ogUrl.content = new URL(pathname, ogUrl.content || window.location.origin).href;
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      if (canonical) canonical.href = new URL(pathname, canonical.href).href;

      const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
      if (entry.noindex) setMetaContent('meta[name="robots"]', namedMeta('robots'), 'noindex');
      else robots?.remove();
    };
    if (locale === 'en' || pageWordsOf(locale)) apply();
    else loadPageWords(locale).then(apply, (error: unknown) => console.warn('The page words could not be loaded', error));
    return () => {
      current = false;
    };
  }, [routePath, routeTitle, pathname, locale]);
}
