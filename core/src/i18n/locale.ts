/**
 * The languages the product speaks (issue 19): English, in which every spec text is verbatim,
 * and Swahili, Kenya's national language. A device remembers its choice; without one, Swahili
 * is chosen where the browser asks for it before English.
 */
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a language switch shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', sw: 'Kiswahili' };

/** The BCP 47 tag for numbers, money and dates in Kenya. */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-KE', sw: 'sw-KE' };

/** The cookie that carries a device's choice to the server (pages rendered there, texts sent to the phone). */
export const LOCALE_COOKIE = 'escrow_lang';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The product's language for a language tag: `sw`, `sw-KE`, `SW-tz` -> 'sw'; `en-GB` -> 'en'; others: none. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/**
 * The first of the browser's languages (in its order of preference) that the product speaks;
 * English when none is. `navigator.languages` on a phone set to Swahili starts with 'sw-KE'.
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * An Accept-Language header's tags, most wanted first (RFC 9110 12.5.4): `sw-KE,sw;q=0.9,en;q=0.8`.
 * Tags with q=0 are refused by the browser and left out; a malformed weight counts as 1.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of a request: its cookie's choice, else what its Accept-Language asks for. */
export function requestLocale(cookieValue: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return negotiateLocale(acceptedLanguages(acceptLanguage));
}
