import { flattenTexts } from '@escrow/core/i18n';
import { BUYER_STATUS_LABELS_SW, catalogueSw, PROGRESS_STEPS_SW } from '@escrow/core/messages-sw';
import type { OrderStatus } from '@escrow/core/orders';
import type { uiEn } from './kit-texts-en.ts';
import type { CatalogueId, StatusId, UiTextId } from './text-ids.ts';

export const uiSw: Readonly<Record<keyof typeof uiEn, string>> = {
  'ui.loading': 'Inafungua…',
  'ui.optional': ' (si lazima)',
  'ui.close': 'Funga',
  'ui.signIn': 'Ingia',
  'ui.home': 'Escrow Delivery, ukurasa wa mwanzo',
  'ui.accountNav': 'Akaunti',
  'ui.footer': '© {year} Escrow Delivery. Nairobi, Kenya.',
  'ui.progress.label': 'Hatua za uwasilishaji',
  'ui.progress.percent': 'Imekamilika {percent}%',
  'ui.progress.done': ' (imekamilika)',
  'ui.stars': '{count, plural, one {nyota #} other {nyota #}}',
  'ui.rated': 'Nyota {filled} kati ya {outOf}',
  'ui.language': 'Lugha',
};

/** How the buyer reads each status and the four progress steps, in Swahili: the core's (view-texts-sw.ts), as the API's `statusLabel`. */
export const statusSw: Record<StatusId, string> = {
  ...(Object.fromEntries(Object.entries(BUYER_STATUS_LABELS_SW).map(([status, label]) => [`status.buyer.${status}`, label])) as Record<`status.buyer.${OrderStatus}`, string>),
  'progress.step.0': PROGRESS_STEPS_SW[0],
  'progress.step.1': PROGRESS_STEPS_SW[1],
  'progress.step.2': PROGRESS_STEPS_SW[2],
  'progress.step.3': PROGRESS_STEPS_SW[3],
};

/** The core's catalogue in Swahili (core/src/messages/catalogue-sw.ts), by message id. */
export const catalogueTextsSw = flattenTexts(catalogueSw, 'catalogue') as Readonly<Record<CatalogueId, string>>;

/** Every text of the kit's catalogs in Swahili (tests compare pages against it). */
export const uiTextsSw: Readonly<Record<UiTextId, string>> = { ...uiSw, ...catalogueTextsSw, ...statusSw };
