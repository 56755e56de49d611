import { LOCALE_COOKIE, requestLocale, type Locale } from '@escrow/core/i18n';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * The language of the request (decision 0066): the device's choice (cookie `escrow_lang`), else
 * what its Accept-Language asks for; 'en' or 'sw', nothing else. The emails and texts a request
 * causes (a reset code, a welcome, a rider's phone code) are written in it.
 */
export function languageOf(c: Context): Locale {
  return requestLocale(getCookie(c, LOCALE_COOKIE), c.req.header('Accept-Language'));
}
