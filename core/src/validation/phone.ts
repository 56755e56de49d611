import { z } from 'zod';
import { normalizeKenyanPhone } from '../rules/kenyan-phone.js';
import { validationMessages } from './messages.js';

// The rule itself is in `@escrow/core/rules`, shared with the pages that do without zod.
export { nationalKenyanPhone, normalizeKenyanPhone } from '../rules/kenyan-phone.js';

/**
 * The MSISDN form Daraja wants (`2547XXXXXXXX`, 12 digits, no plus).
 * Throws on a number that is not Kenyan: callers pass stored phones, which were validated
 * on the way in, so a bad one here is a programming error, not user input.
 */
export function toMpesaMsisdn(e164: string): string {
  const normalized = normalizeKenyanPhone(e164);
  if (normalized === null) throw new RangeError('toMpesaMsisdn: not a Kenyan mobile number');
  return normalized.slice(1);
}

/**
 * A phone number fit for a log line or a stored error: its country code and last 3 digits
 * (`+254******678`), whatever it is given (an E.164 number, something typed, garbage). Log lines
 * and outbox errors never hold a whole number (issue 16).
 */
export function phoneForLog(input: unknown): string {
  const compact = typeof input === 'string' ? input.replace(/[^\d+]/g, '').slice(0, 20) : '';
  if (compact.length < 7) return '***';
  const country = /^\+?254/.exec(compact)?.[0] ?? (compact.startsWith('+') ? compact.slice(0, 3) : '');
  return `${country}${'*'.repeat(Math.max(3, compact.length - country.length - 3))}${compact.slice(-3)}`;
}

/** A required Kenyan phone field that leaves the schema as E.164. */
export function kenyanPhoneField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .transform((value, ctx) => {
      const e164 = normalizeKenyanPhone(value);
      if (e164 === null) {
        ctx.issues.push({ code: 'custom', message: messages.invalid, input: value });
        return z.NEVER;
      }
      return e164;
    });
}

/** An optional Kenyan phone field (e.g. WhatsApp): empty, null or missing become `null`. */
export function optionalKenyanPhoneField(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value, ctx): string | null => {
      if (!value) return null;
      const e164 = normalizeKenyanPhone(value);
      if (e164 === null) {
        ctx.issues.push({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      return e164;
    });
}

export const kenyanPhoneSchema = kenyanPhoneField({
  required: validationMessages.phone.invalid,
  invalid: validationMessages.phone.invalid,
});

export type KenyanPhoneInput = z.input<typeof kenyanPhoneSchema>;
export type KenyanPhoneOutput = z.output<typeof kenyanPhoneSchema>;
