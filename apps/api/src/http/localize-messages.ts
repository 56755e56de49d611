import { flattenTexts, LOCALE_COOKIE, requestLocale } from '@escrow/core/i18n';
import { catalogueSw, validationMessagesSw } from '@escrow/core';
import { catalogue } from '@escrow/core/messages';
import { validationMessages } from '@escrow/core/validation';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

/** Every user-facing text of the core in English, by id, and the same ids in Swahili. */
function swahiliByEnglish(): ReadonlyMap<string, string> {
  const english = { ...flattenTexts(validationMessages, 'validation'), ...flattenTexts(catalogue, 'catalogue') };
  const swahili = { ...flattenTexts(validationMessagesSw, 'validation'), ...flattenTexts(catalogueSw, 'catalogue') };
  const map = new Map<string, string>();
  for (const [id, text] of Object.entries(english)) {
    const translated = swahili[id];
    // One English text may stand under several ids; they share one Swahili (the core's tests hold it so).
    if (translated !== undefined && !map.has(text)) map.set(text, translated);
  }
  return map;
}

const SWAHILI = swahiliByEnglish();

/** The Swahili of a core text, or the text itself when it is none of the core's (a name, a server's own words). */
export const inSwahili = (text: string): string => SWAHILI.get(text) ?? text;

interface MessageBody {
  error?: { message?: unknown };
  data?: { message?: unknown };
}

/**
 * Answers in the caller's language (issue 19): the API's texts are the core's catalogue, in
 * English as the spec has them; for a request whose cookie or Accept-Language asks for Swahili,
 * an error's message and a change's `message` are given in Swahili. Codes and data stay as they
 * are, and stored answers (Idempotency-Keys) stay in English: each replay is translated for
 * the request that asks.
 */
export function localizeMessages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (requestLocale(getCookie(c, LOCALE_COOKIE), c.req.header('Accept-Language')) !== 'sw') return;
    const response = c.res;
    if (!response.headers.get('Content-Type')?.startsWith('application/json') || response.headers.has('Content-Encoding')) return;
    const text = await response.clone().text();
    let body: MessageBody;
    try {
      body = JSON.parse(text) as MessageBody;
    } catch {
      return;
    }
    let changed = false;
    for (const holder of [body?.error, body?.data]) {
      if (holder && typeof holder === 'object' && typeof holder.message === 'string') {
        const translated = inSwahili(holder.message);
        if (translated !== holder.message) {
          holder.message = translated;
          changed = true;
        }
      }
    }
    if (!changed) return;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    headers.append('Vary', 'Accept-Language, Cookie');
    c.res = new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
  };
}
