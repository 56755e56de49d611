import type { Catalog } from './i18n.ts';

/** The kit's own texts (chrome, states, progress, stars), in English. */
export const uiEn = {
  'ui.loading': 'Loading…',
  'ui.optional': ' (optional)',
  'ui.close': 'Close',
  'ui.signIn': 'Sign In',
  'ui.home': 'Escrow Delivery home',
  'ui.accountNav': 'Account',
  'ui.footer': '© {year} Escrow Delivery. Nairobi, Kenya.',
  'ui.progress.label': 'Delivery progress',
  'ui.progress.percent': '{percent}% complete',
  'ui.progress.done': ' (done)',
  'ui.stars': '{count, plural, one {# star} other {# stars}}',
  'ui.rated': 'Rated {filled} out of {outOf}',
  'ui.language': 'Language',
} as const;

export type UiId = keyof typeof uiEn;

/**
 * The kit's own texts: registered by every page that shows one (a dozen; the landing page too).
 * The spec's catalogue and the statuses are catalogs of their own (app-texts.ts), registered by
 * the app's pages, so a page that shows none of them does not carry them.
 */
export const uiCatalog: Catalog<UiId> = { en: uiEn, sw: () => import('./ui-texts-sw.ts').then((module) => module.uiSw) };
