import { describe, expect, it } from 'vitest';
import { parseOrFirstError, paymentConfigSchema } from '../../src/validation/index.js';

const config = { businessNumber: ' 247247 ', accountNumber: ' ESCROW ', accountName: ' Escrow Ltd ' };

describe('paymentConfigSchema', () => {
  it('trims the three fields', () => {
    expect(paymentConfigSchema.parse(config)).toEqual({ businessNumber: '247247', accountNumber: 'ESCROW', accountName: 'Escrow Ltd' });
  });

  it.each(['businessNumber', 'accountNumber', 'accountName'])("requires %s ('Please fill in all payment information')", (field) => {
    expect(parseOrFirstError(paymentConfigSchema, { ...config, [field]: ' ' })).toEqual({
      ok: false,
      message: 'Please fill in all payment information',
    });
  });

  it.each(['1234', '12345678', '24 7247', 'abcdef'])('rejects business number %j', (businessNumber) => {
    expect(parseOrFirstError(paymentConfigSchema, { ...config, businessNumber })).toEqual({
      ok: false,
      message: 'Business number must be 5 to 7 digits',
    });
  });
});

describe('paymentConfigSchema: formats', () => {
  it.each(['ACC-12 34', '0123456789', 'A', '12345678901234567890'])('accepts account number %j', (accountNumber) => {
    expect(parseOrFirstError(paymentConfigSchema, { ...config, accountNumber })).toMatchObject({ ok: true });
  });

  it.each([
    ['123456789012345678901', 'Account number must be at most 20 characters'],
    ['ACC#1', 'Account number may only contain letters, digits, spaces and hyphens'],
    ['-ACC', 'Account number may only contain letters, digits, spaces and hyphens'],
    ['=1+1', 'Account number may only contain letters, digits, spaces and hyphens'],
  ])('refuses account number %j', (accountNumber, message) => {
    expect(parseOrFirstError(paymentConfigSchema, { ...config, accountNumber })).toEqual({ ok: false, message });
  });

  it('refuses an account name over 100 characters or on two lines', () => {
    expect(parseOrFirstError(paymentConfigSchema, { ...config, accountName: 'x'.repeat(101) })).toEqual({ ok: false, message: 'Account name must be at most 100 characters' });
    expect(parseOrFirstError(paymentConfigSchema, { ...config, accountName: 'Escrow\nLtd' })).toEqual({ ok: false, message: 'Account name must be on one line' });
  });

  it("gives the spec's message first when a field is empty, whatever the others hold", () => {
    expect(parseOrFirstError(paymentConfigSchema, { businessNumber: 'abc', accountNumber: '', accountName: 'x' })).toEqual({ ok: false, message: 'Please fill in all payment information' });
  });
});
