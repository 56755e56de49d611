import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_PAID_BY } from '../../src/money/index.js';
import { PAYMENT_METHODS } from '../../src/orders/index.js';
import { DELIVERY_PAYERS, ORDER_PAYMENT_METHODS, orderFormSchema, parseOrFirstError } from '../../src/validation/index.js';

const order = {
  itemName: ' iPhone 13 ',
  price: '1499.99',
  buyerName: 'Akinyi',
  buyerPhone: '0712 345 678',
  buyerAddress: 'Kilimani, Argwings Kodhek Rd',
  deliveryCost: 250,
};

describe('orderFormSchema', () => {
  it('parses a minimal order with defaults, cents and nulls', () => {
    expect(orderFormSchema.parse(order)).toEqual({
      itemName: 'iPhone 13',
      price: 149_999,
      buyerName: 'Akinyi',
      buyerPhone: '+254712345678',
      buyerAddress: 'Kilimani, Argwings Kodhek Rd',
      pinLocationLink: null,
      landmark: null,
      houseNumber: null,
      estate: null,
      pickupLocation: null,
      deliveryCost: 25_000,
      deliveryPaidBy: 'buyer',
      paymentMethod: 'mpesa_prepay',
      buyerCashAmount: null,
      // The buyer's texts in English unless the seller chose (decision 0066).
      buyerLocale: 'en',
    });
  });

  it("takes the buyer's language, English or Swahili, and refuses any other with its own message", () => {
    expect(orderFormSchema.parse({ ...order, buyerLocale: 'sw' })).toMatchObject({ buyerLocale: 'sw' });
    for (const buyerLocale of ['fr', 'SW', '', 5, null]) {
      expect(orderFormSchema.safeParse({ ...order, buyerLocale }).error?.issues[0]?.message).toBe("Please choose the buyer's language: English or Swahili");
    }
  });

  it('keeps the optional fields, trimmed', () => {
    const parsed = orderFormSchema.parse({
      ...order,
      pinLocationLink: ' https://maps.app.goo.gl/abc123 ',
      landmark: ' Opposite Yaya Centre ',
      houseNumber: 'B4',
      estate: '',
      pickupLocation: 'Luthuli Avenue',
      deliveryPaidBy: 'seller',
      paymentMethod: 'mpesa_pod',
    });
    expect(parsed).toMatchObject({
      pinLocationLink: 'https://maps.app.goo.gl/abc123',
      landmark: 'Opposite Yaya Centre',
      houseNumber: 'B4',
      estate: null,
      pickupLocation: 'Luthuli Avenue',
      deliveryPaidBy: 'seller',
      paymentMethod: 'mpesa_pod',
    });
  });

  it('requires the cash amount for cash orders and keeps it in cents', () => {
    expect(parseOrFirstError(orderFormSchema, { ...order, paymentMethod: 'cash' })).toEqual({
      ok: false,
      message: 'Enter the cash amount the rider collects from the buyer',
    });
    expect(orderFormSchema.parse({ ...order, paymentMethod: 'cash', buyerCashAmount: '1749.99' }).buyerCashAmount).toBe(174_999);
  });

  it('drops a cash amount left on a non-cash order', () => {
    expect(orderFormSchema.parse({ ...order, paymentMethod: 'mpesa_prepay', buyerCashAmount: 100 }).buyerCashAmount).toBeNull();
  });

  it.each([
    [{ itemName: ' ' }, 'Item name is required'],
    [{ price: '' }, 'Price is required'],
    [{ price: undefined }, 'Price is required'],
    [{ price: '-1' }, 'Enter the price in KSh, from 0 to 10,000,000 with at most 2 decimals'],
    [{ price: '12.345' }, 'Enter the price in KSh, from 0 to 10,000,000 with at most 2 decimals'],
    [{ price: 10_000_000.01 }, 'Enter the price in KSh, from 0 to 10,000,000 with at most 2 decimals'],
    [{ buyerName: '' }, 'Buyer name is required'],
    [{ buyerPhone: '' }, 'Buyer phone is required'],
    [{ buyerPhone: '+1 202 555 0100' }, 'Enter a Kenyan phone number such as 0712345678'],
    [{ buyerAddress: '' }, 'Delivery address is required'],
    [{ deliveryCost: '' }, 'Delivery cost is required'],
    [{ deliveryCost: 'free' }, 'Enter the delivery cost in KSh, from 0 to 10,000,000 with at most 2 decimals'],
    [{ pinLocationLink: 'maps.google.com/?q=1,2' }, 'Pin location must be a link starting with http:// or https://'],
    [{ pinLocationLink: 'javascript:alert(1)' }, 'Pin location must be a link starting with http:// or https://'],
    [{ pinLocationLink: 'ftp://example.com/pin' }, 'Pin location must be a link starting with http:// or https://'],
    [{ paymentMethod: 'card' }, 'Please choose a payment method'],
    [{ deliveryPaidBy: 'rider' }, 'Please choose who pays for delivery'],
    [{ paymentMethod: 'cash', buyerCashAmount: '1.001' }, 'Enter the cash amount in KSh, from 0 to 10,000,000 with at most 2 decimals'],
    [{ landmark: 'x'.repeat(201) }, 'Landmark must be at most 200 characters'],
  ])('with %j reports %j', (change, message) => {
    expect(parseOrFirstError(orderFormSchema, { ...order, ...change })).toEqual({ ok: false, message });
  });

  it('accepts 0 (spec: min 0) and the KSh 10,000,000 ceiling', () => {
    expect(orderFormSchema.parse({ ...order, price: 0, deliveryCost: '0' })).toMatchObject({ price: 0, deliveryCost: 0 });
    expect(orderFormSchema.parse({ ...order, price: '10000000.00' }).price).toBe(1_000_000_000);
  });

  it('turns every KSh price with at most 2 decimals into the exact cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const ksh = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(orderFormSchema.parse({ ...order, price: ksh }).price).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('order enums', () => {
  // The validation entry may not import the domain (it ships to browsers), so it repeats
  // these lists; this keeps the copies equal.
  it('match the domain lists', () => {
    expect([...ORDER_PAYMENT_METHODS]).toEqual([...PAYMENT_METHODS]);
    expect([...DELIVERY_PAYERS]).toEqual([...DELIVERY_PAID_BY]);
  });
});
