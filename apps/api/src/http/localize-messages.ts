import { LOCALE_COOKIE, requestLocale } from '@escrow/core/i18n';
import { swahiliOf } from '@escrow/core';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * The fields of an answer that hold a text the server wrote, at any depth: an error's and a
 * change's `message`, a refund's, a payout's, a prompt's and the Paybill notice's `message`,
 * a status's `statusLabel` and a progress step's `label` (decision 0067).
 */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['message', 'statusLabel', 'label']);

/** Fields whose texts are people's own words (a contact message): never translated, whatever they say. */
const PEOPLES_WORDS: ReadonlySet<string> = new Set(['contact', 'contacts']);

/** Puts every server text under `value` into Swahili in place; whether any changed. */
function translateTexts(value: unknown): boolean {
  if (Array.isArray(value)) {
    let changed = false;
    for (const item of value) changed = translateTexts(item) || changed;
    return changed;
  }
  if (value === null || typeof value !== 'object') return false;
  const holder = value as Record<string, unknown>;
  let changed = false;
  for (const [key, field] of Object.entries(holder)) {
    if (PEOPLES_WORDS.has(key)) continue;
    if (typeof field === 'string') {
      if (!TEXT_FIELDS.has(key)) continue;
      const translated = swahiliOf(field);
      if (translated !== field) {
        holder[key] = translated;
        changed = true;
      }
    } else {
      changed = translateTexts(field) || changed;
    }
  }
  return changed;
}

/**
 * Answers in the caller's language (issue 19, decision 0067): the views and routes write the
 * core's English (the spec's texts verbatim); for a request whose cookie or Accept-Language asks
 * for Swahili, every text the server wrote into the answer (`TEXT_FIELDS`, at any depth) is
 * given in Swahili by the core's one lookup (`swahiliOf`). Codes and data stay as they are;
 * names, items and people's words are none of the core's texts and pass as they came. Stored
 * answers (Idempotency-Keys) stay in English: each replay is translated for the request that asks.
 */
export function localizeMessages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (requestLocale(getCookie(c, LOCALE_COOKIE), c.req.header('Accept-Language')) !== 'sw') return;
    const response = c.res;
    if (!response.headers.get('Content-Type')?.startsWith('application/json') || response.headers.has('Content-Encoding')) return;
    let body: unknown;
    try {
      body = JSON.parse(await response.clone().text());
    } catch {
      return;
    }
    if (!translateTexts(body)) return;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    headers.append('Vary', 'Accept-Language, Cookie');
    c.res = new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
  };
}
