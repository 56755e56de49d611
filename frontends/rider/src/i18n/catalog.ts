import type { Catalog } from '@escrow/ui/i18n/i18n';
import { riderEn, type RiderMessageId } from './en.ts';

/** The rider pages' texts: English in the bundle, Swahili a chunk of its own fetched when chosen. */
export const riderCatalog: Catalog<RiderMessageId> = { en: riderEn, sw: () => import('./sw.ts').then((module) => module.default) };
