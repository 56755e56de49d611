import { describe, expect, it } from 'vitest';
import {
  buyerPaymentSchema,
  feedbackSchema,
  mpesaReceiptSchema,
  parseOrFirstError,
  refundRequestSchema,
} from '../../src/validation/index.js';

describe('buyerPaymentSchema', () => {
  const payment = { termsAccepted: true, deliveryCode: '482913', mpesaReceipt: 'NLJ7RT61SV' };

  it('accepts a confirmation and upper-cases the M-Pesa code', () => {
    expect(buyerPaymentSchema.parse({ ...payment, mpesaReceipt: ' nlj7rt61sv ', deliveryCode: ' 482913' })).toEqual(payment);
  });

  it.each([
    [{ termsAccepted: false }, 'Please accept the terms and conditions to proceed'],
    [{ termsAccepted: undefined }, 'Please accept the terms and conditions to proceed'],
    [{ deliveryCode: null }, 'Delivery code not found. Please use the original link.'],
    [{ deliveryCode: undefined }, 'Delivery code not found. Please use the original link.'],
    [{ deliveryCode: '' }, 'Delivery code not found. Please use the original link.'],
    [{ deliveryCode: '12345' }, 'Delivery code not found. Please use the original link.'],
    [{ deliveryCode: '012345' }, 'Delivery code not found. Please use the original link.'],
    [{ mpesaReceipt: '' }, 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV'],
    [{ mpesaReceipt: 'NLJ7RT61S' }, 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV'],
    [{ mpesaReceipt: 'NLJ7RT61SVX' }, 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV'],
    [{ mpesaReceipt: 'NLJ7-T61SV' }, 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV'],
  ])('with %j reports %j', (change, message) => {
    expect(parseOrFirstError(buyerPaymentSchema, { ...payment, ...change })).toEqual({ ok: false, message });
  });

  it('checks terms before the stored code, as the spec does', () => {
    expect(parseOrFirstError(buyerPaymentSchema, { termsAccepted: false, deliveryCode: null, mpesaReceipt: '' })).toEqual({
      ok: false,
      message: 'Please accept the terms and conditions to proceed',
    });
  });

  it('exports the receipt schema on its own', () => {
    expect(mpesaReceiptSchema.parse('qk12ab34cd')).toBe('QK12AB34CD');
  });
});

describe('feedbackSchema', () => {
  it('accepts ratings and an optional comment', () => {
    expect(feedbackSchema.parse({ riderRating: 5, sellerRating: 1, comment: '  Fast!  ' })).toEqual({
      riderRating: 5,
      sellerRating: 1,
      comment: 'Fast!',
    });
    expect(feedbackSchema.parse({ riderRating: 3, sellerRating: 4, comment: '' }).comment).toBeNull();
    expect(feedbackSchema.parse({ riderRating: 3, sellerRating: 4 }).comment).toBeNull();
  });

  it.each([
    [{ riderRating: 0, sellerRating: 4 }, 'Please rate both the rider and seller'],
    [{ riderRating: 4, sellerRating: 0 }, 'Please rate both the rider and seller'],
    [{ riderRating: 4 }, 'Please rate both the rider and seller'],
    [{}, 'Please rate both the rider and seller'],
    [{ riderRating: 6, sellerRating: 4 }, 'Ratings are whole stars from 1 to 5'],
    [{ riderRating: 2.5, sellerRating: 4 }, 'Ratings are whole stars from 1 to 5'],
    [{ riderRating: -1, sellerRating: 4 }, 'Ratings are whole stars from 1 to 5'],
    [{ riderRating: 4, sellerRating: 4, comment: 'x'.repeat(1001) }, 'Comment must be at most 1000 characters'],
  ])('reports %j as %j', (input, message) => {
    expect(parseOrFirstError(feedbackSchema, input)).toEqual({ ok: false, message });
  });
});

describe('refundRequestSchema', () => {
  it('trims the reason', () => {
    expect(refundRequestSchema.parse({ reason: '  Wrong colour  ' })).toEqual({ reason: 'Wrong colour' });
  });

  it.each([
    [{}, 'Please tell us why you want a refund'],
    [{ reason: '   ' }, 'Please tell us why you want a refund'],
    [{ reason: ' bad ' }, 'The reason must be at least 5 characters'],
    [{ reason: 'x'.repeat(1001) }, 'The reason must be at most 1000 characters'],
  ])('reports %j as %j', (input, message) => {
    expect(parseOrFirstError(refundRequestSchema, input)).toEqual({ ok: false, message });
  });
});
