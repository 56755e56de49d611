import { z } from 'zod';
import { requiredText } from './fields.js';
import { validationMessages } from './messages.js';

const m = validationMessages.paymentConfig;

/** Safaricom business short codes (Paybill and Till) are 5 to 7 digits. */
const SHORT_CODE = /^\d{5,7}$/;
/** What the M-Pesa menu accepts as an account number: letters and digits, spaces and hyphens inside. */
const ACCOUNT_NUMBER = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const filled = (invalid: string) => requiredText({ required: m.fieldsRequired, max: 10_000, tooLong: m.fieldsRequired, invalid });

/**
 * The admin's Paybill settings (Admin tab and Payment Configuration dialog), shown to every
 * buyer. All three are required and trimmed: any empty one gives 'Please fill in all payment
 * information' (spec section 5) before any format is judged, so a half-filled form always
 * gets the spec's message; then the formats, field by field.
 */
export const paymentConfigSchema = z
  .object({ businessNumber: filled(m.businessNumberInvalid), accountNumber: filled(m.accountNumberInvalid), accountName: filled(m.accountNameInvalid) })
  .pipe(
    z.object({
      businessNumber: z.string().max(7, { error: m.businessNumberInvalid }).regex(SHORT_CODE, { error: m.businessNumberInvalid }),
      accountNumber: z.string().max(20, { error: m.accountNumberTooLong }).regex(ACCOUNT_NUMBER, { error: m.accountNumberInvalid }),
      accountName: z
        .string()
        .max(100, { error: m.accountNameTooLong })
        .refine((name) => !CONTROL_CHARACTERS.test(name), { error: m.accountNameInvalid }),
    }),
  );

export type PaymentConfigInput = z.input<typeof paymentConfigSchema>;
export type PaymentConfigOutput = z.output<typeof paymentConfigSchema>;
