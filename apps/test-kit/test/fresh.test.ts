import { describe, expect, it } from 'vitest';
import { freshAddress, freshMpesaReceipt, freshPhone } from '../src/fresh.js';

describe('run-unique values', () => {
  it('never gives one process the same client address twice, each a 10.0.0.0/8 host address', () => {
    const addresses = Array.from({ length: 100_000 }, freshAddress);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const address of addresses.slice(0, 1_000)) {
      expect(address).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      expect(address).not.toMatch(/^10\.(0\.0\.0|255\.255\.255)$/);
    }
  });

  it('gives a Kenyan mobile number in the three spellings of one subscriber', () => {
    const phone = freshPhone();
    expect(phone.e164).toMatch(/^\+2547\d{8}$/);
    expect(phone.local).toBe(`0${phone.e164.slice(4)}`);
    expect(phone.msisdn).toBe(phone.e164.slice(1));
  });

  it('gives M-Pesa receipts of 10 upper-case letters and digits', () => {
    expect(freshMpesaReceipt()).toMatch(/^[A-Z0-9]{10}$/);
  });
});
