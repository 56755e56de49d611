import type { Catalog } from '@escrow/ui/i18n/i18n';
import { sellerEn, type SellerMessageId } from './en.ts';

/** The seller's texts: English in the bundle, Swahili a chunk of its own fetched when chosen. */
export const sellerCatalog: Catalog<SellerMessageId> = { en: sellerEn, sw: () => import('./sw.ts').then((module) => module.default) };
