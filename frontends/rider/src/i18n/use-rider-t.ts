// The page's texts include the spec's catalogue and the statuses: their catalogs register with this import.
import '@escrow/ui/i18n/app-texts';
import { useT } from '@escrow/ui/i18n/react';
import type { UiTextId } from '@escrow/ui/i18n/ui-texts';
import type { RiderMessageId } from './en.ts';

/** Every text the rider's pages may show: their own and the kit's (the spec's catalogue, progress steps). */
export type RiderText = RiderMessageId | UiTextId;

/** `t` for the rider's pages, typed to their texts. */
export const useRiderT = () => useT<RiderText>();

/** What `useRiderT` returns, for helpers that take it. */
export type RiderT = ReturnType<typeof useRiderT>;

/** A message to show: one of the page's own texts (shown in the page's language, even after a switch) or the server's words. */
export type Said = { readonly id: RiderText } | { readonly text: string };

/** The words of `said` in the page's language. */
export const say = (t: RiderT, said: Said): string => ('id' in said ? t(said.id) : said.text);
