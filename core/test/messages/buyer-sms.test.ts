import { describe, expect, it } from 'vitest';
import { cashDeliveryCodeSms, deliveryCodeSms, maskedPhone, payerPhoneFrom, smsLength, type Cents } from '../../src/index.js';

describe('the delivery code SMS (issue 16)', () => {
  it('names the sender, carries the code and the tracking number, and fits one GSM-7 segment even at the largest price', () => {
    for (const text of [
      deliveryCodeSms({ trackingNumber: 'TRK9D3F7J1', price: 99_999_999_99 as Cents, code: '482913' }),
      cashDeliveryCodeSms({ trackingNumber: 'TRK9D3F7J1', code: '482913' }),
    ]) {
      expect(text).toMatch(/^Escrow Delivery: /);
      expect(text).toContain('482913');
      expect(text).toContain('TRK9D3F7J1');
      expect(smsLength(text)).toMatchObject({ encoding: 'gsm7' });
      expect(smsLength(text).units).toBeLessThanOrEqual(160);
    }
  });

  it('takes the payer phone only from a plain Kenyan number (C2B MSISDNs come masked or hashed)', () => {
    expect(payerPhoneFrom('254712345678')).toBe('+254712345678');
    expect(payerPhoneFrom('254112345678')).toBe('+254112345678');
    expect(payerPhoneFrom('2547 ***** 126')).toBeNull();
    expect(payerPhoneFrom('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBeNull();
    expect(payerPhoneFrom('')).toBeNull();
    expect(payerPhoneFrom(null)).toBeNull();
  });

  it('shows a phone as 07xx xxx 123', () => {
    expect(maskedPhone('+254712345678')).toBe('07xx xxx 678');
    expect(maskedPhone('+254112345678')).toBe('01xx xxx 678');
  });
});
