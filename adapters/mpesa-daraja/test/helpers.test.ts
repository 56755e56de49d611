import { describe, expect, it } from 'vitest';
import { nairobiTimestamp, normalizeKenyanMsisdn, stkPassword, wholeShillingsCovering } from '../src/index.js';
import { decimalShillingsToCents } from '../src/shillings.js';

describe('normalizeKenyanMsisdn', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    [' 0712345678 ', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254112345678', '254112345678'],
    ['112345678', '254112345678'],
    ['254708374149', '254708374149'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeKenyanMsisdn(input)).toBe(expected);
  });

  it.each([
    '',
    '07123456789', // 11 digits
    '071234567', // 9 digits with the 0
    '0212345678', // a landline, not a mobile
    '0812345678',
    '2540712345678',
    '+255712345678', // Tanzania
    '25471234567',
    '254712345678900',
    '07a2345678',
    '2547 ***** 126', // a masked C2B MSISDN is not a number to send to
    '+2547123456780',
  ])('refuses %j', (input) => {
    expect(normalizeKenyanMsisdn(input)).toBeNull();
  });
});

describe('nairobiTimestamp', () => {
  it('is the Nairobi wall clock (UTC+3), YYYYMMDDHHmmss', () => {
    expect(nairobiTimestamp(new Date('2019-12-19T07:21:15Z'))).toBe('20191219102115');
  });

  it('rolls over the day, month and year at 21:00 UTC', () => {
    expect(nairobiTimestamp(new Date('2024-12-31T21:00:00Z'))).toBe('20250101000000');
    expect(nairobiTimestamp(new Date('2024-12-31T20:59:59Z'))).toBe('20241231235959');
  });

  it('has no daylight saving: the same offset in June as in January', () => {
    expect(nairobiTimestamp(new Date('2025-06-15T12:00:00Z'))).toBe('20250615150000');
    expect(nairobiTimestamp(new Date('2025-01-15T12:00:00Z'))).toBe('20250115150000');
  });

  it('pads every field to its width', () => {
    expect(nairobiTimestamp(new Date('2025-02-03T01:02:03Z'))).toBe('20250203040203');
  });
});

describe('stkPassword', () => {
  it('is base64(shortcode + passkey + timestamp)', () => {
    const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
    const password = stkPassword('174379', passkey, '20191219102115');
    expect(Buffer.from(password, 'base64').toString('utf8')).toBe(`174379${passkey}20191219102115`);
    // Daraja's documented sandbox example for this timestamp.
    expect(password).toBe('MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTkxMjE5MTAyMTE1');
  });
});

describe('wholeShillingsCovering', () => {
  it.each([
    [0, 0],
    [1, 1],
    [99, 1],
    [100, 1],
    [101, 2],
    [150_050, 1_501],
    [150_000, 1_500],
    [1_000_000_000, 10_000_000],
  ])('%i cents -> KSh %i', (cents, shillings) => {
    expect(wholeShillingsCovering(cents)).toBe(shillings);
  });

  it('never asks for less than the price, nor a shilling more than needed', () => {
    for (let cents = 0; cents < 5_000; cents += 7) {
      const shillings = wholeShillingsCovering(cents);
      expect(shillings * 100).toBeGreaterThanOrEqual(cents);
      expect((shillings - 1) * 100).toBeLessThan(cents === 0 ? 1 : cents);
    }
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (cents) => {
    expect(() => wholeShillingsCovering(cents)).toThrow(RangeError);
  });
});

describe('decimalShillingsToCents', () => {
  it.each([
    ['5.00', 500],
    ['5', 500],
    ['5.0', 500],
    ['5.5', 550],
    ['1500.05', 150_005],
    ['0.01', 1],
    ['0.10', 10],
    ['10000000.00', 1_000_000_000],
  ])('%s -> %i cents', (text, cents) => {
    expect(decimalShillingsToCents(text)).toBe(cents);
  });

  it.each(['', '5.001', '-5.00', '5,000.00', '1e3', '.5', '5.', 'abc', '99999999999999999.00'])('refuses %j', (text) => {
    expect(decimalShillingsToCents(text)).toBeNull();
  });
});
