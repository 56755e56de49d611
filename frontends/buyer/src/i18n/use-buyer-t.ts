// The page's texts include the spec's catalogue and the statuses: their catalogs register with this import.
import '@escrow/ui/i18n/app-texts';
import { useT } from '@escrow/ui/i18n/react';
import type { UiTextId } from '@escrow/ui/i18n/ui-texts';
import type { BuyerMessageId } from './en.ts';

/** Every text the buyer's page may show: its own and the kit's (the spec's catalogue, statuses). */
export type BuyerText = BuyerMessageId | UiTextId;

/** `t` for the buyer's page, typed to its texts. */
export const useBuyerT = () => useT<BuyerText>();
