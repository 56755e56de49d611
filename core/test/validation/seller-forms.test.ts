import { describe, expect, it } from 'vitest';
import {
  normalizePaymentNumber,
  parseOrFirstError,
  paymentNumberInputFor,
  sellerAboutSchema,
  sellerBusinessDetailsSchema,
  sellerNotificationsSchema,
  sellerSignupSchema,
} from '../../src/validation/index.js';

const signup = {
  businessName: ' Mama Mboga Electronics ',
  location: 'Nairobi CBD',
  phone: '0712 345 678',
  paymentMethod: 'direct_mpesa',
  paymentNumber: '0798 765 432',
  termsAccepted: true,
};

describe('sellerSignupSchema', () => {
  it('normalises phones and fills optional fields with null', () => {
    expect(sellerSignupSchema.parse({ ...signup, whatsapp: '', about: '  ' })).toEqual({
      businessName: 'Mama Mboga Electronics',
      location: 'Nairobi CBD',
      phone: '+254712345678',
      whatsapp: null,
      businessProfile: null,
      about: null,
      paymentMethod: 'direct_mpesa',
      paymentNumber: '+254798765432',
      termsAccepted: true,
    });
  });

  it('keeps a Paybill or Till number as its digits', () => {
    expect(sellerSignupSchema.parse({ ...signup, paymentMethod: 'paybill', paymentNumber: ' 247247 ' }).paymentNumber).toBe('247247');
    expect(sellerSignupSchema.parse({ ...signup, paymentMethod: 'till_number', paymentNumber: '12345' }).paymentNumber).toBe('12345');
  });

  it('normalises an optional WhatsApp number', () => {
    expect(sellerSignupSchema.parse({ ...signup, whatsapp: '254 112 345 678' }).whatsapp).toBe('+254112345678');
  });

  it.each([
    [{ termsAccepted: false }, 'Please accept the terms and conditions to continue'],
    [{ termsAccepted: undefined }, 'Please accept the terms and conditions to continue'],
    [{ businessName: ' ' }, 'Business name is required'],
    [{ location: '' }, 'Location is required'],
    [{ phone: '0812345678' }, 'Enter a Kenyan phone number such as 0712345678'],
    [{ paymentMethod: '' }, 'Please choose a payment method'],
    [{ paymentMethod: 'bank' }, 'Please choose a payment method'],
    [{ paymentNumber: '' }, 'Payment number is required'],
    [{ paymentNumber: '12345' }, 'Enter the M-Pesa phone number, e.g. 0712345678'],
    [{ paymentMethod: 'paybill', paymentNumber: '1234' }, 'Enter a Paybill number of 5 to 7 digits'],
    [{ paymentMethod: 'paybill', paymentNumber: '12345678' }, 'Enter a Paybill number of 5 to 7 digits'],
    [{ paymentMethod: 'till_number', paymentNumber: '0712345678' }, 'Enter a Till number of 5 to 7 digits'],
    [{ whatsapp: '12345' }, 'Enter a Kenyan WhatsApp number such as 0712345678'],
    [{ about: 'x'.repeat(1001) }, 'About must be at most 1000 characters'],
  ])('with %j reports %j', (change, message) => {
    expect(parseOrFirstError(sellerSignupSchema, { ...signup, ...change })).toEqual({ ok: false, message });
  });

  it('reports a wrong payment number before the unticked terms box (form order)', () => {
    const input = { ...signup, paymentMethod: 'paybill', paymentNumber: '12', termsAccepted: false };
    expect(parseOrFirstError(sellerSignupSchema, input)).toEqual({ ok: false, message: 'Enter a Paybill number of 5 to 7 digits' });
    // ...and both problems are available to a form that shows errors per field.
    expect(sellerSignupSchema.safeParse(input).error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'paymentNumber',
      'termsAccepted',
    ]);
  });

  it('reports the first field of an empty form', () => {
    expect(parseOrFirstError(sellerSignupSchema, {})).toEqual({ ok: false, message: 'Business name is required' });
  });
});

describe('sellerBusinessDetailsSchema and sellerAboutSchema', () => {
  it('saves an empty WhatsApp as null', () => {
    expect(
      sellerBusinessDetailsSchema.parse({ businessName: 'Shop', location: 'Westlands', phone: '0712345678', whatsapp: '' }),
    ).toEqual({ businessName: 'Shop', location: 'Westlands', phone: '+254712345678', whatsapp: null });
  });

  it('requires the business name', () => {
    expect(parseOrFirstError(sellerBusinessDetailsSchema, { businessName: '', location: 'X', phone: '0712345678' })).toEqual({
      ok: false,
      message: 'Business name is required',
    });
  });

  it('saves an empty about as null', () => {
    expect(sellerAboutSchema.parse({ about: '' })).toEqual({ about: null });
    expect(sellerAboutSchema.parse({ about: ' We sell phones. ' })).toEqual({ about: 'We sell phones.' });
  });
});

describe('sellerNotificationsSchema (decision 0048)', () => {
  it.each([
    [{ notifyBySms: true, notifyByEmail: true }],
    [{ notifyBySms: true, notifyByEmail: false }],
    [{ notifyBySms: false, notifyByEmail: true }],
  ])('takes %j', (choice) => {
    expect(sellerNotificationsSchema.parse({ ...choice, sellerId: 'ignored' })).toEqual(choice);
  });

  it.each([
    [{ notifyBySms: false, notifyByEmail: false }, 'Choose at least one way to be told about your orders'],
    [{ notifyBySms: 'true', notifyByEmail: true }, 'Choose SMS, email or both'],
    [{ notifyBySms: true, notifyByEmail: 1 }, 'Choose SMS, email or both'],
    [{ notifyBySms: true }, 'Choose SMS, email or both'],
    [{ notifyBySms: null, notifyByEmail: false }, 'Choose SMS, email or both'],
    [{}, 'Choose SMS, email or both'],
  ])('refuses %j with %j', (input, message) => {
    expect(parseOrFirstError(sellerNotificationsSchema, input)).toEqual({ ok: false, message });
  });
});

describe('payment number helpers', () => {
  it('gives label and placeholder per method', () => {
    expect(paymentNumberInputFor('direct_mpesa')).toMatchObject({ label: 'M-Pesa Phone Number', placeholder: 'e.g. 0712345678' });
    expect(paymentNumberInputFor('paybill')).toMatchObject({ label: 'Paybill Number' });
    expect(paymentNumberInputFor('till_number')).toMatchObject({ label: 'Till Number' });
  });

  it('normalises per method', () => {
    expect(normalizePaymentNumber('direct_mpesa', '+254 712 345 678')).toBe('+254712345678');
    expect(normalizePaymentNumber('paybill', '0712345678')).toBeNull();
    expect(normalizePaymentNumber('till_number', '1234567')).toBe('1234567');
  });
});
