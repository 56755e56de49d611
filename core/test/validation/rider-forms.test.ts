import { describe, expect, it } from 'vitest';
import {
  addRiderSchema,
  assignRiderSchema,
  parseOrFirstError,
  riderPaymentSchema,
  riderPhoneEntrySchema,
} from '../../src/validation/index.js';

describe('addRiderSchema', () => {
  const rider = { name: ' Otieno ', phone: '0712 345 678', motorbikePlate: ' kmda  123a ' };

  it('trims, normalises the phone and upper-cases the plate', () => {
    expect(addRiderSchema.parse(rider)).toEqual({ name: 'Otieno', phone: '+254712345678', motorbikePlate: 'KMDA 123A' });
  });

  it.each(['name', 'phone', 'motorbikePlate'])("reports a blank %s as 'Please fill in all fields'", (field) => {
    expect(parseOrFirstError(addRiderSchema, { ...rider, [field]: '  ' })).toEqual({ ok: false, message: 'Please fill in all fields' });
    expect(parseOrFirstError(addRiderSchema, { ...rider, [field]: undefined })).toEqual({
      ok: false,
      message: 'Please fill in all fields',
    });
  });

  it('reports a phone that is not Kenyan', () => {
    expect(parseOrFirstError(addRiderSchema, { ...rider, phone: '12345' })).toEqual({
      ok: false,
      message: 'Enter a Kenyan phone number such as 0712345678',
    });
  });
});

describe('riderPhoneEntrySchema', () => {
  it("asks for the phone with the spec's text", () => {
    expect(parseOrFirstError(riderPhoneEntrySchema, '')).toEqual({ ok: false, message: 'Please enter your phone number' });
  });

  it('normalises it', () => {
    expect(riderPhoneEntrySchema.parse('254712345678')).toBe('+254712345678');
  });
});

describe('assignRiderSchema', () => {
  it('takes an existing rider', () => {
    expect(assignRiderSchema.parse({ riderId: ' r-1 ' })).toEqual({ kind: 'existing', riderId: 'r-1' });
  });

  it('prefers the picked rider over half-typed new-rider fields', () => {
    expect(assignRiderSchema.parse({ riderId: 'r-1', newRiderName: 'Juma' })).toEqual({ kind: 'existing', riderId: 'r-1' });
  });

  it('takes a new rider with name and phone', () => {
    expect(assignRiderSchema.parse({ riderId: '', newRiderName: ' Juma ', newRiderPhone: '0112 345 678' })).toEqual({
      kind: 'new',
      name: 'Juma',
      phone: '+254112345678',
    });
  });

  it.each([{}, { riderId: '' }, { newRiderName: 'Juma' }, { newRiderPhone: '0712345678' }, { newRiderName: ' ', newRiderPhone: ' ' }])(
    "reports %j as 'Please select or add a rider'",
    (input) => {
      expect(parseOrFirstError(assignRiderSchema, input)).toEqual({ ok: false, message: 'Please select or add a rider' });
    },
  );

  it("reports a new rider's bad phone on the phone field", () => {
    const result = assignRiderSchema.safeParse({ newRiderName: 'Juma', newRiderPhone: '0812345678' });
    expect(result.error?.issues).toMatchObject([
      { path: ['newRiderPhone'], message: 'Enter a Kenyan phone number such as 0712345678' },
    ]);
  });
});

describe('riderPaymentSchema', () => {
  it('records a received payment and drops any issue text', () => {
    expect(riderPaymentSchema.parse({ paymentReceived: true, paymentIssue: 'x' })).toEqual({
      paymentReceived: true,
      paymentIssue: null,
    });
  });

  it('records an issue, trimmed', () => {
    expect(riderPaymentSchema.parse({ paymentReceived: false, paymentIssue: ' Buyer paid only half ' })).toEqual({
      paymentReceived: false,
      paymentIssue: 'Buyer paid only half',
    });
  });

  it.each([undefined, null, '', '   \n\t'])('refuses a blank issue description (%j)', (paymentIssue) => {
    expect(parseOrFirstError(riderPaymentSchema, { paymentReceived: false, paymentIssue })).toEqual({
      ok: false,
      message: 'Please describe the payment issue',
    });
  });

  it('needs to know whether the payment was received', () => {
    expect(parseOrFirstError(riderPaymentSchema, { paymentIssue: 'x' })).toEqual({
      ok: false,
      message: 'Please say whether you received the payment',
    });
  });
});
