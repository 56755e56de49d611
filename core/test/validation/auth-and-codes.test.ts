import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryCodeEntrySchema,
  parseOrFirstError,
  requestResetCodeSchema,
  resetCodeSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyResetCodeSchema,
} from '../../src/validation/index.js';

describe('signInSchema', () => {
  it('trims and lower-cases the email', () => {
    expect(signInSchema.parse({ email: '  Jane@Shop.CO.KE ', password: 'whatever' })).toEqual({
      email: 'jane@shop.co.ke',
      password: 'whatever',
    });
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ password: 'secret1' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
  ])('reports %j as %j', (input, message) => {
    expect(parseOrFirstError(signInSchema, input)).toEqual({ ok: false, message });
  });

  it('does not apply the new-password strength rules to an existing password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'plainold' }).success).toBe(true);
  });
});

describe('signUpSchema', () => {
  it('applies the new-password rules', () => {
    expect(parseOrFirstError(signUpSchema, { email: 'a@b.co', password: 'plainold' })).toEqual({
      ok: false,
      message: 'Password must contain at least one uppercase letter',
    });
  });
});

describe('reset code', () => {
  it('trims the code and keeps leading zeros', () => {
    expect(resetCodeSchema.parse(' 012345 ')).toBe('012345');
  });

  it.each(['', '12345', '1234567', '12a456', '12 345', '١٢٣٤٥٦'])('rejects %j', (code) => {
    expect(parseOrFirstError(resetCodeSchema, code)).toEqual({ ok: false, message: 'Enter the 6-digit code' });
  });

  it('verify: lower-cases and trims the email, trims the code', () => {
    expect(verifyResetCodeSchema.parse({ email: ' A@B.CO ', code: ' 123456' })).toEqual({ email: 'a@b.co', code: '123456' });
  });

  it('request: requires an email', () => {
    expect(parseOrFirstError(requestResetCodeSchema, { email: '   ' })).toEqual({ ok: false, message: 'Email is required' });
  });

  it('reset password: email, code and a matching strong password', () => {
    const input = { email: 'A@B.CO', code: '123456', password: 'Abcde1!', confirmPassword: 'Abcde1!' };
    expect(resetPasswordSchema.parse(input)).toEqual({ ...input, email: 'a@b.co' });
    expect(parseOrFirstError(resetPasswordSchema, { ...input, confirmPassword: 'x' })).toEqual({
      ok: false,
      message: 'Passwords do not match',
    });
  });
});

describe('deliveryCodeEntrySchema', () => {
  it('accepts exactly 6 digits, trimmed', () => {
    expect(deliveryCodeEntrySchema.parse(' 482913 ')).toBe('482913');
  });

  it.each(['', '12345', '1234567', '12345a', '12 3456', 'abcdef'])('rejects %j as not a 6-digit code', (code) => {
    expect(parseOrFirstError(deliveryCodeEntrySchema, code)).toEqual({ ok: false, message: 'Enter the 6-digit delivery code' });
  });

  it('answers a code starting with 0 (never issued) as invalid', () => {
    expect(parseOrFirstError(deliveryCodeEntrySchema, '012345')).toEqual({ ok: false, message: 'Invalid delivery code' });
  });

  it('accepts every code the system can issue (100000-999999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 999_999 }), (code) => {
        expect(deliveryCodeEntrySchema.parse(String(code))).toBe(String(code));
      }),
    );
  });
});
