import { nationalKenyanPhone } from '@escrow/core/rules';

/**
 * The number as the buyer knows it (`0712345678`) for 0712.., +254712.., 254712.. and 01..
 * numbers, separators ignored; null for anything M-Pesa cannot prompt. The core's phone rule
 * (`@escrow/core/rules`, no zod: decisions 0025, 0062); the server normalises the number itself.
 */
export const localMpesaPhone = nationalKenyanPhone;

/** A stored phone (E.164, `+254712345678`) in the form the field shows; '' when there is none or it is not Kenyan. */
export function phoneFieldValue(stored: string | null | undefined): string {
  return stored ? (localMpesaPhone(stored) ?? '') : '';
}
