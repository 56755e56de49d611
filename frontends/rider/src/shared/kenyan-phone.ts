// core's normalizeKenyanPhone (@escrow/core/validation), written out so the rider pages do
// not download zod with it (decision 0025). The server normalises and checks again.
const SEPARATORS = /[\s\-.()]/g;
const KENYAN_MOBILE = /^(?:\+?254|0)([17]\d{8})$/;

/** `0712 345 678` -> `+254712345678`; null for anything that is not a Kenyan mobile number. */
export function normalizeKenyanPhone(input: string): string | null {
  const subscriber = KENYAN_MOBILE.exec(input.replace(SEPARATORS, ''))?.[1];
  return subscriber === undefined ? null : `+254${subscriber}`;
}
