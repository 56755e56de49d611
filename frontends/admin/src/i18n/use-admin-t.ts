import { registerCatalog, translate } from '@escrow/ui/i18n/i18n';
import { useT } from '@escrow/ui/i18n/react';
import { uiTextsEn, type UiTextId } from '@escrow/ui/i18n/ui-texts';
import { adminCatalog } from './catalog.ts';
import { adminEn, type AdminMessageId } from './en.ts';

// Whoever shows an admin text has the admin's English registered (the page registers it too).
registerCatalog(adminCatalog);

/** Every text the admin's screen may show: its own and the kit's (the spec's catalogue, 'Close'). */
export type AdminText = AdminMessageId | UiTextId;

/** `t` for the admin's screen, typed to its texts; re-renders on a language change. */
export const useAdminT = () => useT<AdminText>();
export type AdminT = ReturnType<typeof useAdminT>;

/** An admin text in the page's language now, for code outside a render (a toast, a test). */
export const adminText: AdminT = (id, values) => translate(id, values);

let englishIds: Map<string, string> | null = null;

/**
 * A text the server sent in English, in the page's language: the core's catalogue (a refusal,
 * a schema's first message) and the admin API's own answers ('Payout approved. …', kept by id in
 * en.ts) are found by their English and shown translated; anything else (M-Pesa's words, a
 * payout's problem) is shown as it came. The API already answers a Swahili request with the
 * catalogue's Swahili, which passes through unchanged.
 *
 * The catalogue half is the seller's `localText` (frontends/seller/src/i18n/use-seller-t.ts):
 * when the kit has its shared one (`@escrow/ui/i18n`), this becomes that call, then the admin's
 * own answers.
 */
export function localText(text: string): string {
  if (englishIds === null) {
    englishIds = new Map();
    for (const [id, english] of Object.entries(uiTextsEn)) if (id.startsWith('catalogue.') && !englishIds.has(english)) englishIds.set(english, id);
    for (const [id, english] of Object.entries(adminEn)) if (!englishIds.has(english)) englishIds.set(english, id);
  }
  const id = englishIds.get(text);
  return id === undefined ? text : translate(id);
}
