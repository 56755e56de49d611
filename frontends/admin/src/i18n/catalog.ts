import type { Catalog } from '@escrow/ui/i18n/i18n';
import { adminEn, type AdminMessageId } from './en.ts';

/** The admin's texts: English in the bundle, Swahili a chunk of its own fetched when chosen. */
export const adminCatalog: Catalog<AdminMessageId> = { en: adminEn, sw: () => import('./sw.ts').then((module) => module.default) };
