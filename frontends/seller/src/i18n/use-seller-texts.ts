import { useCatalog } from '@escrow/ui/i18n/react';
import { catalogueCatalog, statusCatalog } from '@escrow/ui/i18n/ui-texts';
import { sellerCatalog } from './catalog.ts';

/**
 * Whether a seller page has every text it shows in the page's language: its own, the spec's
 * catalogue (the server's messages, the form rules) and the statuses and progress steps (the
 * kit's OrderProgress). Each Swahili table is a chunk fetched when first needed, and the seller's
 * remote registers the kit's catalogs after the shell chose the language, so nobody else fetches
 * them: a Swahili order page showed its progress steps in English. Until all three are there the
 * page shows its loading state, not English that would switch under the reader's eyes.
 */
export function useSellerTexts(): boolean {
  const own = useCatalog(sellerCatalog);
  const spec = useCatalog(catalogueCatalog);
  const statuses = useCatalog(statusCatalog);
  return own && spec && statuses;
}
