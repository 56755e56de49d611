// core's normalizeKenyanPhone (core/src/validation/phone.ts), written out so this page does not
// download zod (decision 0025); the server normalises the number itself and its message wins.
// test/mpesa-phone.test.ts holds the two to the same answers.
const SEPARATORS = /[\s\-.()]/g;
const KENYAN_MOBILE = /^(?:\+?254|0)([17]\d{8})$/;

/**
 * The number as the buyer knows it (`0712345678`) for 0712.., +254712.., 254712.. and 01..
 * numbers, separators ignored; null for anything M-Pesa cannot prompt.
 */
export function localMpesaPhone(input: string): string | null {
  const subscriber = KENYAN_MOBILE.exec(input.replace(SEPARATORS, ''))?.[1];
  return subscriber === undefined ? null : `0${subscriber}`;
}

/** A stored phone (E.164, `+254712345678`) in the form the field shows; '' when there is none or it is not Kenyan. */
export function phoneFieldValue(stored: string | null | undefined): string {
  return stored ? (localMpesaPhone(stored) ?? '') : '';
}
