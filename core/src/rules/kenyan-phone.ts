// People paste numbers as "0712 345 678", "(0712) 345-678" or "+254.712.345.678";
// separators carry no meaning, so they are dropped before the number is matched.
const SEPARATORS = /[\s\-.()]/g;

// A Kenyan mobile number: a national prefix (0, 254 or +254) and exactly 9 digits, the first
// 7 (07xx) or 1 (01xx, the newer Safaricom and Airtel ranges).
const KENYAN_MOBILE = /^(?:\+?254|0)([17]\d{8})$/;

/** The 9 digits after the country code, or null when `input` is no Kenyan mobile number. */
function subscriberOf(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  return KENYAN_MOBILE.exec(input.replace(SEPARATORS, ''))?.[1] ?? null;
}

/**
 * Normalises a Kenyan mobile number to E.164 (`+2547XXXXXXXX` / `+2541XXXXXXXX`), the form
 * phones are stored and compared in (product decisions: identity and data).
 * Returns null for anything else; never throws, whatever it is given.
 */
export function normalizeKenyanPhone(input: string): string | null {
  const subscriber = subscriberOf(input);
  return subscriber === null ? null : `+254${subscriber}`;
}

/** The same number as people write it at home (`0712345678`); null where `normalizeKenyanPhone` gives null. */
export function nationalKenyanPhone(input: string): string | null {
  const subscriber = subscriberOf(input);
  return subscriber === null ? null : `0${subscriber}`;
}
