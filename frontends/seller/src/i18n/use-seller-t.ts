import { registerCatalog, translate } from '@escrow/ui/i18n/i18n';
import { useT } from '@escrow/ui/i18n/react';
import type { UiTextId } from '@escrow/ui/i18n/ui-texts';
import { sellerCatalog } from './catalog.ts';
import type { SellerMessageId } from './en.ts';

// Whoever shows a seller text has the seller's English registered (the pages register it too).
registerCatalog(sellerCatalog);

/** Every text the seller's screens may show: their own and the kit's (the spec's catalogue, statuses). */
export type SellerText = SellerMessageId | UiTextId;

/** `t` for the seller's screens, typed to their texts. */
export const useSellerT = () => useT<SellerText>();
export type SellerT = ReturnType<typeof useSellerT>;

/** A seller text in the page's language now, for code outside a render (a failure's text, a toast). */
export const sellerText = (id: SellerText, values?: Readonly<Record<string, unknown>>): string => translate(id, values);

// A text of the core's catalogue that arrives as its English (a schema's first message, a
// server's answer), shown in the page's language: the kit's one lookup.
export { localText } from '@escrow/ui/i18n/local-text';
