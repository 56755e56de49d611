import { registerCatalog, type Catalog } from '@escrow/ui/i18n/i18n';
import { useCatalog, useT } from '@escrow/ui/i18n/react';
import { catalogueCatalog, type UiTextId } from '@escrow/ui/i18n/ui-texts';
import { pagesEn, type PagesMessageId } from './pages-en.ts';

/** The lazily loaded pages' texts: English with those pages, Swahili a chunk of its own fetched when chosen. */
export const pagesCatalog: Catalog<PagesMessageId> = { en: pagesEn, sw: () => import('./pages-sw.ts').then((module) => module.default) };

// English at once, for every component of these pages (a test may render one alone).
registerCatalog(pagesCatalog);

/** Every text these pages may show: their own and the kit's (the spec's catalogue). */
export type PagesText = PagesMessageId | UiTextId;

/** `t` for the lazily loaded pages, typed to their texts. */
export const usePagesT = () => useT<PagesText>();

/**
 * Whether the pages' texts are there in the page's language (the Swahili chunk is fetched on
 * the first such page): until then the page shows its loading state, not English.
 */
export function usePagesReady(): boolean {
  const own = useCatalog(pagesCatalog);
  // The spec's messages these pages show (sign-in errors, the contact notices): their Swahili too.
  const spec = useCatalog(catalogueCatalog);
  return own && spec;
}
