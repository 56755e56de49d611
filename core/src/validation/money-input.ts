import { z } from 'zod';

/** KSh 10,000,000.00: the largest amount a form accepts, in cents. */
export const MAX_KSH_INPUT_CENTS = 1_000_000_000;

// Plain decimal KSh: digits, optionally a point and at most 2 decimals ("12", "12.5",
// "12.", ".5"). No sign, no exponent, no grouping commas: each of those is a way for a
// typo to become a different amount.
const KSH_DECIMAL = /^(\d*)(?:\.(\d{0,2}))?$/;

// The whole-shilling part is capped at 8 significant digits before it reaches Number(),
// so the arithmetic below only ever sees exactly representable integers.
const MAX_WHOLE_DIGITS = 8;

/**
 * Converts a KSh amount typed by a person (or sent by a form as a number) to integer cents.
 * The conversion works on the decimal digits, never by multiplying a float by 100, so
 * "1499.99" is 149999 and not 149998.99999999997. Returns null for negatives, NaN,
 * infinities, exponent notation, more than 2 decimals and amounts above KSh 10,000,000.
 */
export function parseKshToCents(input: string | number): number | null {
  const text = toDecimalText(input);
  if (text === null) return null;
  const match = KSH_DECIMAL.exec(text);
  if (match === null) return null;
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = match[2] ?? '';
  if (match[1] === '' && fraction === '') return null;
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_KSH_INPUT_CENTS ? cents : null;
}

function toDecimalText(input: unknown): string | null {
  if (typeof input === 'string') return input.trim();
  if (typeof input !== 'number' || !Number.isFinite(input)) return null;
  // String() gives the shortest text that round-trips, so 1499.99 prints as "1499.99";
  // numbers JavaScript prints in exponent form are rejected by the pattern.
  return String(input);
}

// What the money fields accept, as JSON Schema for the API's OpenAPI document: a z.custom has
// none of its own (it would read as `{}`, anything). Metadata only: it does not take part in
// parsing. Blank values and amounts over the cap still pass the pattern and are refused with
// the field's message.
const KSH_INPUT_JSON_SCHEMA = {
  description: 'KSh, as a number or a decimal string with at most 2 decimals (e.g. 1499.99), at most 10,000,000; stored as integer cents',
  anyOf: [
    { type: 'number', minimum: 0, maximum: MAX_KSH_INPUT_CENTS / 100 },
    { type: 'string', pattern: '^\\s*(\\d+(\\.\\d{0,2})?|\\.\\d{1,2})?\\s*$' },
  ],
};

// Any number or string reaches the transform, so that NaN and Infinity get a message of
// ours rather than zod's.
const numberOrString = (error: string) =>
  z.custom<number | string>((value) => typeof value === 'number' || typeof value === 'string', { error }).meta(KSH_INPUT_JSON_SCHEMA);

// An empty number input reads as NaN (valueAsNumber) or '', so both mean "not filled in".
const isBlank = (value: number | string): boolean =>
  typeof value === 'number' ? Number.isNaN(value) : value.trim() === '';

/** A required KSh amount that leaves the schema as integer cents. */
export function kshAmountField(messages: { required: string; invalid: string }) {
  return numberOrString(messages.required).transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: messages.required, input: value });
      return z.NEVER;
    }
    const cents = parseKshToCents(value);
    if (cents === null) {
      ctx.issues.push({ code: 'custom', message: messages.invalid, input: value });
      return z.NEVER;
    }
    return cents;
  });
}

/** An optional KSh amount: empty, null or missing become `null`, anything else must be valid. */
export function optionalKshAmountField(invalid: string) {
  return numberOrString(invalid)
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined || isBlank(value)) return null;
      const cents = parseKshToCents(value);
      if (cents === null) {
        ctx.issues.push({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      return cents;
    });
}
