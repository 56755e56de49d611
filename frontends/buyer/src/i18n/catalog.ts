import type { Catalog } from '@escrow/ui/i18n/i18n';
import { buyerEn, type BuyerMessageId } from './en.ts';

/** The buyer page's texts: English in the bundle, Swahili a chunk of its own fetched when chosen. */
export const buyerCatalog: Catalog<BuyerMessageId> = { en: buyerEn, sw: () => import('./sw.ts').then((module) => module.default) };
