// The kit's English texts apart from their catalog, so the Swahili chunk (ui-texts-sw.ts) can be
// typed to them without importing the module that loads it.
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
