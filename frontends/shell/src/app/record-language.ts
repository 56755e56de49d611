import type { Locale } from '@escrow/core/i18n';

/**
 * A signed-in seller's own language choice (the EN | SW switch) for the texts and emails we
 * send them about their orders (decision 0066): the account's language, PUT /api/auth/locale
 * with the session cookie. Best-effort: the page changes language either way.
 */
export function recordAccountLanguage(locale: Locale): void {
  fetch('/api/auth/locale', { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ locale }) }).catch(() => undefined);
}
