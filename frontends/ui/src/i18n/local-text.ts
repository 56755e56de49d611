import { useCallback } from 'react';
import { catalogueTextsEn } from './app-texts.ts';
import { translate } from './i18n.ts';
import { useLocale } from './react.tsx';
import type { CatalogueId } from './ui-texts.ts';

// Each text of the core's catalogue by its English, built on first use. One English text may
// stand under several ids; they share one translation (the core's tests hold it so).
let catalogueIds: Map<string, CatalogueId> | undefined;

/** The catalogue's id of an English text, or undefined when the catalogue does not hold it. */
export function catalogueIdOf(text: string): CatalogueId | undefined {
  if (catalogueIds === undefined) {
    catalogueIds = new Map();
    for (const [id, english] of Object.entries(catalogueTextsEn) as [CatalogueId, string][]) if (!catalogueIds.has(english)) catalogueIds.set(english, id);
  }
  return catalogueIds.get(text);
}

/**
 * A text that arrived as the core catalogue's English (a shared schema's first failing rule, a
 * fallback, an older server's answer) in the page's language now; any other text (a server's
 * answer already in the request's language, a name) as it came. For code outside a render.
 */
export function localText(text: string): string {
  const id = catalogueIdOf(text);
  return id === undefined ? text : translate(id);
}

/** `localText` for a render: a new function on each language change, so the component re-renders. */
export function useLocalText(): (text: string) => string {
  const locale = useLocale();
  // `locale` renews the function when the language changes (as useT's `t`).
  return useCallback((text: string) => (locale ? localText(text) : text), [locale]);
}
