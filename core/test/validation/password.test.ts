import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  newPasswordSchema,
  parseOrFirstError,
  setPasswordSchema,
} from '../../src/validation/index.js';

const TOO_SHORT = 'Password must be at least 6 characters';
const NO_UPPERCASE = 'Password must contain at least one uppercase letter';
const NO_NUMBER = 'Password must contain at least one number';
const NO_SPECIAL = 'Password must contain at least one special character';

describe('newPasswordSchema', () => {
  it.each([
    ['', TOO_SHORT],
    ['Ab1!', TOO_SHORT],
    ['abc', TOO_SHORT], // fails every rule: the first one is reported
    ['abcdef', NO_UPPERCASE],
    ['abcde1!', NO_UPPERCASE],
    ['Abcdef', NO_NUMBER],
    ['Abcdef!', NO_NUMBER],
    ['Abcde1', NO_SPECIAL],
    ['Abcde1 ', NO_SPECIAL], // a space is not a special character
    ['A'.repeat(100) + '1!'.repeat(20), 'Password must be at most 128 characters'],
  ])('reports %j as %j', (password, message) => {
    expect(parseOrFirstError(newPasswordSchema, password)).toEqual({ ok: false, message });
  });

  it.each(['Abcde1!', 'Pass1#', 'ÉCOLE1é*', ' Ab1!  ', 'Abc12_'])('accepts %j unchanged (never trimmed)', (password) => {
    expect(newPasswordSchema.parse(password)).toBe(password);
  });

  it('accepts every password that has 6+ characters, an uppercase letter, a digit and a symbol', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{3,20}$/),
        fc.constantFrom('A', 'Z', 'Q'),
        fc.constantFrom('0', '5', '9'),
        fc.constantFrom('!', '@', '#', '$', '%', '-', '_', '.'),
        (letters, upper, digit, symbol) => {
          expect(newPasswordSchema.safeParse(letters + upper + digit + symbol).success).toBe(true);
        },
      ),
    );
  });

  it('reports the length message first for every short password', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), (password) => {
        expect(parseOrFirstError(newPasswordSchema, password)).toEqual({ ok: false, message: TOO_SHORT });
      }),
    );
  });
});

describe('setPasswordSchema', () => {
  it('accepts a matching pair', () => {
    expect(setPasswordSchema.parse({ password: 'Abcde1!', confirmPassword: 'Abcde1!' })).toEqual({
      password: 'Abcde1!',
      confirmPassword: 'Abcde1!',
    });
  });

  it("reports 'Passwords do not match' on the confirmation", () => {
    const result = setPasswordSchema.safeParse({ password: 'Abcde1!', confirmPassword: 'Abcde1?' });
    expect(result.error?.issues).toMatchObject([{ path: ['confirmPassword'], message: 'Passwords do not match' }]);
  });

  it('reports the password rule before the mismatch', () => {
    expect(parseOrFirstError(setPasswordSchema, { password: 'abc', confirmPassword: 'abd' })).toEqual({
      ok: false,
      message: TOO_SHORT,
    });
  });

  it('treats a missing confirmation as a mismatch', () => {
    expect(parseOrFirstError(setPasswordSchema, { password: 'Abcde1!' })).toEqual({
      ok: false,
      message: 'Passwords do not match',
    });
  });
});

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'old', newPassword: 'Abcde1!', confirmPassword: 'Abcde1!' };

  it('accepts three filled, matching fields', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it("uses the dialog's own mismatch text", () => {
    expect(parseOrFirstError(changePasswordSchema, { ...valid, confirmPassword: 'Abcde1?' })).toEqual({
      ok: false,
      message: "New passwords don't match",
    });
  });

  it.each(['currentPassword', 'newPassword', 'confirmPassword'])('requires %s', (field) => {
    expect(parseOrFirstError(changePasswordSchema, { ...valid, [field]: '' })).toEqual({
      ok: false,
      message: 'Please fill in all password fields',
    });
  });

  it('applies the new-password rules to the new password', () => {
    expect(parseOrFirstError(changePasswordSchema, { ...valid, newPassword: 'abcdef1!', confirmPassword: 'abcdef1!' })).toEqual({
      ok: false,
      message: NO_UPPERCASE,
    });
  });
});
