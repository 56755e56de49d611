import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/errors.js';
import { catalogue, messageFor } from '../../src/messages/index.js';

describe('messageFor', () => {
  it.each<[ErrorCode, string]>([
    ['BUYER_ORDER_NOT_FOUND', 'Order not found or invalid delivery code'],
    ['RIDER_ORDER_NOT_FOUND', 'Order not found or not assigned to you'],
    ['ORDER_NOT_FOUND', 'Order not found'],
    ['SELLER_NOT_FOUND', 'Seller not found'],
    ['WRONG_DELIVERY_CODE', 'Invalid delivery code'],
    ['TERMS_NOT_ACCEPTED', 'Please accept the terms and conditions to proceed'],
    ['PICKUP_PHOTO_REQUIRED', 'Please upload a pickup photo'],
    ['PAYMENT_NOT_VERIFIED', 'Failed to confirm payment. Please verify your payment details.'],
    ['INVALID_PHONE', 'Enter a Kenyan phone number such as 0712345678'],
    ['RIDER_NOT_IN_SELLER_LIST', 'Order not found or not assigned to you'],
    [
      'DELIVERY_CODE_LOCKED',
      'Too many wrong delivery codes were entered. Code entry is locked until the seller unlocks it.',
    ],
    [
      'DELIVERY_COST_EXCEEDS_PROCEEDS',
      'The delivery cost cannot be more than the price minus the service fee, because the seller pays delivery from the proceeds',
    ],
    ['MPESA_RECEIPT_ALREADY_USED', 'This M-Pesa confirmation code has already been used for another order'],
    ['CONCURRENT_UPDATE', 'This order was changed at the same moment by someone else. Please try again.'],
  ])('maps %s to %j', (code, message) => {
    expect(messageFor({ code })).toBe(message);
  });

  it('passes the first failing field message of a validation error through', () => {
    expect(messageFor({ code: 'VALIDATION_FAILED', message: 'Name is required' })).toBe('Name is required');
  });

  it('has a generic text for a validation error without a message', () => {
    expect(messageFor({ code: 'VALIDATION_FAILED' })).toBe('Please check the form and try again.');
    expect(messageFor({ code: 'VALIDATION_FAILED', message: '' })).toBe('Please check the form and try again.');
  });

  it.each(ERROR_CODES.filter((code) => code !== 'VALIDATION_FAILED'))(
    '%s has a catalogue text and never shows the message or detail fields',
    (code) => {
      const text = messageFor({ code, detail: 'internal: row 42 locked', message: 'raw server text' });
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toContain('internal');
      expect(text).not.toBe('raw server text');
    },
  );

  it('uses catalogue texts only', () => {
    const all = new Set(JSON.stringify(catalogue).match(/"[^"]*"/g)?.map((quoted) => JSON.parse(quoted) as string));
    for (const code of ERROR_CODES) expect(all).toContain(messageFor({ code }));
  });

  it('answers a code this build does not know with a generic text, not undefined', () => {
    expect(messageFor({ code: 'SOMETHING_NEW' as ErrorCode })).toBe('Something went wrong. Please try again.');
  });
});
