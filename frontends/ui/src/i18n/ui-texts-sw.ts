import { flattenTexts } from '@escrow/core/i18n';
import { catalogueSw } from '@escrow/core/messages-sw';
import type { OrderStatus } from '@escrow/core/orders';
import type { uiEn } from './kit-texts.ts';
import type { CatalogueId, StatusId, UiTextId } from './ui-texts.ts';

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

/** How the buyer reads each status, in Swahili (core/src/orders/progress.ts BUYER_STATUS_LABELS). */
const BUYER_STATUS_SW: Readonly<Record<OrderStatus, string>> = {
  draft: 'Inasubiri Malipo',
  awaiting_payment: 'Inasubiri Malipo',
  paid: 'Malipo Yamethibitishwa - Tunateua Msafirishaji',
  rider_assigned: 'Msafirishaji Anajiandaa Kuchukua Bidhaa',
  picked_up: 'Oda Yako Iko Njiani!',
  in_transit: 'Oda Yako Iko Njiani!',
  delivered: 'Imewasilishwa Salama! Tafadhali Kadiria Huduma',
  awaiting_settlement: 'Imewasilishwa Salama! Tafadhali Kadiria Huduma',
  settlement_completed: 'Oda Imekamilika',
  completed: 'Oda Imewasilishwa Salama',
  cancelled: 'Oda Imeghairiwa',
};

/** The four progress steps: Payment, Rider Assigned, On Route, Delivered. */
// Short, as the four steps share a phone's width: Payment, Rider (assigned), On Route, Delivered (arrived).
const PROGRESS_STEPS_SW = ['Malipo', 'Msafirishaji', 'Njiani', 'Imefika'] as const;

export const statusSw: Record<StatusId, string> = {
  ...(Object.fromEntries(Object.entries(BUYER_STATUS_SW).map(([status, label]) => [`status.buyer.${status}`, label])) as Record<`status.buyer.${OrderStatus}`, string>),
  'progress.step.0': PROGRESS_STEPS_SW[0],
  'progress.step.1': PROGRESS_STEPS_SW[1],
  'progress.step.2': PROGRESS_STEPS_SW[2],
  'progress.step.3': PROGRESS_STEPS_SW[3],
};

/** The core's catalogue in Swahili (core/src/messages/catalogue-sw.ts), by message id. */
export const catalogueTextsSw = flattenTexts(catalogueSw, 'catalogue') as Readonly<Record<CatalogueId, string>>;

/** Every text of the kit's catalogs in Swahili (tests compare pages against it). */
export const uiTextsSw: Readonly<Record<UiTextId, string>> = { ...uiSw, ...catalogueTextsSw, ...statusSw };
