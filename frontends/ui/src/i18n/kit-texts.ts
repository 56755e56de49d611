import type { Catalog } from './i18n.ts';
import { uiEn, type UiId } from './kit-texts-en.ts';

export { uiEn, type UiId } from './kit-texts-en.ts';

/**
 * The kit's own texts: registered by every page that shows one (a dozen; the landing page too).
 * The spec's catalogue and the statuses are catalogs of their own (app-texts.ts), registered by
 * the app's pages, so a page that shows none of them does not carry them.
 */
export const uiCatalog: Catalog<UiId> = { en: uiEn, sw: () => import('./ui-texts-sw.ts').then((module) => module.uiSw) };
