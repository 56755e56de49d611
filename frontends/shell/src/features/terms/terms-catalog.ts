import { registerCatalog, type Catalog } from '@escrow/ui/i18n/i18n';
import { termsEn, type TermsMessageId } from './terms-en.ts';

/** The terms' texts: English with the terms page, Swahili a chunk of its own fetched when chosen. */
export const termsCatalog: Catalog<TermsMessageId> = { en: termsEn, sw: () => import('./terms-sw.ts').then((module) => module.default) };

registerCatalog(termsCatalog);
