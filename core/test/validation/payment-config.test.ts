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
