import { registerCatalog, translate } from '@escrow/ui/i18n/i18n';
import { useT } from '@escrow/ui/i18n/react';
import { uiTextsEn, type UiTextId } from '@escrow/ui/i18n/ui-texts';
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

let catalogueIds: Map<string, string> | null = null;

/**
 * A text of the core's catalogue in the page's language: a schema's first message or a server's
 * answer arrive as the catalogue's English, so they are found by it and shown translated. Any
 * other text (one the catalogue does not hold) is shown as it came.
 */
export function localText(text: string): string {
  if (catalogueIds === null) {
    catalogueIds = new Map();
    for (const [id, english] of Object.entries(uiTextsEn)) if (id.startsWith('catalogue.') && !catalogueIds.has(english)) catalogueIds.set(english, id);
  }
  const id = catalogueIds.get(text);
  return id === undefined ? text : translate(id);
}
