import { describe, expect, it } from 'vitest';
import { cents } from '@escrow/core';
import { ManualPaybillGateway, paymentInstructions } from '../src/index.js';

describe('the manual Paybill', () => {
  it('records claims as unverifiable', async () => {
    expect(await new ManualPaybillGateway().verify()).toEqual({ status: 'unverifiable' });
  });

  it('tells the buyer to pay the price to the Paybill with the tracking number as account', () => {
    expect(paymentInstructions({ businessNumber: '4012345', accountName: 'Escrow Ltd' }, { trackingNumber: 'K7M2Q9XR4T', price: cents(65_000_00) })).toEqual({
      businessNumber: '4012345',
      accountNumber: 'K7M2Q9XR4T',
      accountName: 'Escrow Ltd',
      amount: 6_500_000,
    });
  });
});
