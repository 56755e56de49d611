import type { catalogue } from '@escrow/core/messages';
import type { OrderStatus } from '@escrow/core/orders';
import type { UiId } from './kit-texts-en.ts';

type Paths<T, P extends string> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`> }[keyof T & string];

/** The spec's texts and the product decisions' (the core's catalogue) as message ids: `catalogue.buyer.loadOrderFailed`. */
export type CatalogueId = Paths<typeof catalogue, 'catalogue.'>;
/** A status as the buyer reads it (`status.buyer.paid`) and the four progress steps (`progress.step.0`). */
export type StatusId = `status.buyer.${OrderStatus}` | `progress.step.${0 | 1 | 2 | 3}`;
/** Every id the kit's catalog holds: what every page may use besides its own. */
export type UiTextId = UiId | CatalogueId | StatusId;
