import { registerCatalog, translate } from '@escrow/ui/i18n/i18n';
import { useT } from '@escrow/ui/i18n/react';
import { catalogueIdOf } from '@escrow/ui/i18n/local-text';
import type { UiTextId } from '@escrow/ui/i18n/ui-texts';
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

let adminIds: Map<string, AdminMessageId> | null = null;

/** The admin catalog's id of an English text (the admin API's own answers, 'Payout approved. …'), or undefined. */
function adminIdOf(text: string): AdminMessageId | undefined {
  if (adminIds === null) {
    adminIds = new Map();
    for (const [id, english] of Object.entries(adminEn) as [AdminMessageId, string][]) if (!adminIds.has(english)) adminIds.set(english, id);
  }
  return adminIds.get(text);
}

/**
 * A text the server sent in English, in the page's language: the core's catalogue (a refusal,
 * a schema's first message; the kit's shared lookup, `@escrow/ui/i18n/local-text`) and the
 * admin API's own answers ('Payout approved. …', not the catalogue's, kept by id in en.ts) are
 * found by their English and shown translated; anything else (M-Pesa's words, a payout's
 * problem, a text the API already gave in Swahili) is shown as it came.
 */
export function localText(text: string): string {
  const id = catalogueIdOf(text) ?? adminIdOf(text);
  return id === undefined ? text : translate(id);
}
