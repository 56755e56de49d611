import { flattenTexts } from '@escrow/core/i18n';
import { catalogue } from '@escrow/core/messages';
import { BUYER_STATUS_LABELS, PROGRESS_STEPS, type OrderStatus } from '@escrow/core/orders';
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

type UiId = keyof typeof uiEn;
type Paths<T, P extends string> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`> }[keyof T & string];

/** The spec's texts and the product decisions' (the core's catalogue) as message ids: `catalogue.buyer.loadOrderFailed`. */
export type CatalogueId = Paths<typeof catalogue, 'catalogue.'>;
/** A status as the buyer reads it (`status.buyer.paid`) and the four progress steps (`progress.step.0`). */
export type StatusId = `status.buyer.${OrderStatus}` | `progress.step.${0 | 1 | 2 | 3}`;
/** Every id the kit's catalog holds: what every page may use besides its own. */
export type UiTextId = UiId | CatalogueId | StatusId;

function statusTexts(labels: Readonly<Record<OrderStatus, string>>, steps: readonly string[]): Record<StatusId, string> {
  const texts: Record<string, string> = {};
  for (const [status, label] of Object.entries(labels)) texts[`status.buyer.${status}`] = label;
  steps.forEach((step, index) => {
    texts[`progress.step.${index}`] = step;
  });
  return texts as Record<StatusId, string>;
}

export const uiTextsEn: Readonly<Record<UiTextId, string>> = {
  ...uiEn,
  ...(flattenTexts(catalogue, 'catalogue') as Record<CatalogueId, string>),
  ...statusTexts(BUYER_STATUS_LABELS, PROGRESS_STEPS),
};

/** The kit's catalog: registered by every page (the spec's texts in English verbatim; Swahili fetched when chosen). */
export const uiCatalog: Catalog<UiTextId> = { en: uiTextsEn, sw: () => import('./ui-texts-sw.ts').then((module) => module.uiTextsSw) };
