import { flattenTexts } from '@escrow/core/i18n';
import { catalogue } from '@escrow/core/messages';
import { BUYER_STATUS_LABELS, PROGRESS_STEPS, type OrderStatus } from '@escrow/core/orders';
import { registerCatalog, type Catalog } from './i18n.ts';
import { uiEn } from './kit-texts.ts';
import type { CatalogueId, StatusId, UiTextId } from './text-ids.ts';

/** The spec's texts and the product decisions' (the core's catalogue) by message id, in English verbatim. */
export const catalogueTextsEn = flattenTexts(catalogue, 'catalogue') as Readonly<Record<CatalogueId, string>>;

function statusTexts(labels: Readonly<Record<OrderStatus, string>>, steps: readonly string[]): Record<StatusId, string> {
  const texts: Record<string, string> = {};
  for (const [status, label] of Object.entries(labels)) texts[`status.buyer.${status}`] = label;
  steps.forEach((step, index) => {
    texts[`progress.step.${index}`] = step;
  });
  return texts as Record<StatusId, string>;
}

/** How the buyer reads each status, and the four progress steps, in English (the core's words). */
export const statusTextsEn = statusTexts(BUYER_STATUS_LABELS, PROGRESS_STEPS);

export const catalogueCatalog: Catalog<CatalogueId> = { en: catalogueTextsEn, sw: () => import('./ui-texts-sw.ts').then((module) => module.catalogueTextsSw) };
export const statusCatalog: Catalog<StatusId> = { en: statusTextsEn, sw: () => import('./ui-texts-sw.ts').then((module) => module.statusSw) };

/** Every text of the kit's catalogs in English (tests compare pages against it). */
export const uiTextsEn: Readonly<Record<UiTextId, string>> = { ...uiEn, ...catalogueTextsEn, ...statusTextsEn };

// Imported by the app's pages (the remotes' `t`, the shell's account pages): their texts include
// the catalogue's and the statuses. The landing page does not import this.
registerCatalog(catalogueCatalog);
registerCatalog(statusCatalog);
