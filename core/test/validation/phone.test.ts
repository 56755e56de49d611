import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  kenyanPhoneSchema,
  normalizeKenyanPhone,
  parseOrFirstError,
  phoneForLog,
  toMpesaMsisdn,
} from '../../src/validation/index.js';

const digit = fc.constantFrom(...'0123456789'.split(''));
/** The 9 digits after 254: a 7 or 1, then 8 digits. */
const subscriber = fc
  .tuple(fc.constantFrom('7', '1'), fc.array(digit, { minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => first + rest.join(''));
const separators = fc.string({ unit: fc.constantFrom(' ', '-', '.', '(', ')', '\t'), maxLength: 2 });

/** Puts random separators before, between and after the characters of `text`. */
function sprinkle(text: string, gaps: readonly string[]): string {
  return [...text].map((char, i) => (gaps[i] ?? '') + char).join('') + (gaps[text.length] ?? '');
}

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['254712345678', '+254712345678'],
    ['254112345678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['+254 112 345 678', '+254112345678'],
    ['(0712) 345-678', '+254712345678'],
    ['0712.345.678', '+254712345678'],
    ['  0712 345 678  ', '+254712345678'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0812345678', // 08 is not a mobile prefix
    '071234567', // 8 digits after 0
    '07123456789', // 10 digits after 0
    '712345678', // no national prefix
    '+2540712345678', // trunk 0 kept after the country code
    '+255712345678', // Tanzania
    '++254712345678',
    '0712345678x',
    '07１2345678', // full-width digit
    '254 7123 4567 8 9',
  ])('rejects %j', (input) => {
    expect(normalizeKenyanPhone(input)).toBeNull();
  });

  it('gives the same E.164 for every accepted format, with separators anywhere', () => {
    fc.assert(
      fc.property(
        subscriber,
        fc.constantFrom('0', '254', '+254'),
        fc.array(separators, { minLength: 14, maxLength: 14 }),
        (digits, prefix, gaps) => {
          expect(normalizeKenyanPhone(sprinkle(prefix + digits, gaps))).toBe(`+254${digits}`);
        },
      ),
    );
  });

  it('never throws and only ever answers E.164 or null', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+0-9 ()-]{0,16}$/)), (input) => {
        const result = normalizeKenyanPhone(input);
        expect(result === null || /^\+254[17]\d{8}$/.test(result)).toBe(true);
      }),
    );
  });

  it('answers null for values that are not strings (untyped callers)', () => {
    expect(normalizeKenyanPhone(712345678 as unknown as string)).toBeNull();
    expect(normalizeKenyanPhone(undefined as unknown as string)).toBeNull();
  });
});

describe('toMpesaMsisdn', () => {
  it('drops the plus for Daraja', () => {
    expect(toMpesaMsisdn('+254712345678')).toBe('254712345678');
    expect(toMpesaMsisdn('+254112345678')).toBe('254112345678');
  });

  it('is 12 digits for every valid number', () => {
    fc.assert(
      fc.property(subscriber, (digits) => {
        expect(toMpesaMsisdn(`+254${digits}`)).toMatch(/^254[17]\d{8}$/);
      }),
    );
  });

  it('throws on a number that is not Kenyan (a programming error)', () => {
    expect(() => toMpesaMsisdn('+255712345678')).toThrow(RangeError);
  });
});

describe('kenyanPhoneSchema', () => {
  it('transforms to E.164', () => {
    expect(kenyanPhoneSchema.parse(' 0712 345 678 ')).toBe('+254712345678');
  });

  it.each(['', '   ', '12345', undefined, null, 712345678])('rejects %j with the example message', (input) => {
    expect(parseOrFirstError(kenyanPhoneSchema, input)).toEqual({
      ok: false,
      message: 'Enter a Kenyan phone number such as 0712345678',
    });
  });
});

describe('phoneForLog', () => {
  it('keeps the country code and the last 3 digits, nothing between', () => {
    expect(phoneForLog('+254712345678')).toBe('+254******678');
    expect(phoneForLog('254712345678')).toBe('254******678');
    expect(phoneForLog('0712 345 678')).toBe('*******678');
    expect(phoneForLog('+447911123456')).toBe('+44*******456');
    for (const short of ['', '12345', null, undefined, 42]) expect(phoneForLog(short)).toBe('***');
  });

  it('never shows more than 3 digits of a Kenyan number after its country code', () => {
    fc.assert(
      fc.property(subscriber, fc.constantFrom('+254', '254', '0'), (rest, prefix) => {
        const masked = phoneForLog(prefix + rest);
        expect(masked.endsWith(rest.slice(-3))).toBe(true);
        expect(masked.replace(/^\+?254/, '').replace(/\*/g, '')).toHaveLength(3);
      }),
    );
  });
});
