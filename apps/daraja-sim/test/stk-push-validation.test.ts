import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { DarajaClient, expectDarajaError, password, PASSKEY, SHORT_CODE, TIMESTAMP } from './helpers/daraja-client.js';

let sim: DarajaSim;
let client: DarajaClient;
beforeAll(async () => {
  sim = await startDarajaSim();
  client = new DarajaClient(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

describe('STK Push: the synchronous reply', () => {
  it('accepts a valid request with Daraja-shaped ids and the exact reply fields', async () => {
    const reply = await client.stkPush({});
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['CheckoutRequestID', 'CustomerMessage', 'MerchantRequestID', 'ResponseCode', 'ResponseDescription']);
    expect(reply.body.ResponseCode).toBe('0');
    expect(reply.body.ResponseDescription).toBe('Success. Request accepted for processing');
    expect(reply.body.CustomerMessage).toBe('Success. Request accepted for processing');
    // ws_CO_ + ddMMyyyyHHmmssSSS + the phone without 254, like ws_CO_03082022131319635708374149.
    expect(reply.body.CheckoutRequestID).toMatch(/^ws_CO_\d{17}708374149$/);
    expect(reply.body.MerchantRequestID).toMatch(/^\d{5}-\d{8}-\d$/);
    expect(sim.prompts()).toMatchObject([{ checkoutRequestId: reply.body.CheckoutRequestID, status: 'pending', amount: 1500, accountReference: 'ORDER123' }]);
  });

  it('takes numeric fields as JSON numbers too (as the Go SDK sends them) and TransactionDesc as optional', async () => {
    const reply = await client.stkPush({ BusinessShortCode: 174379, Amount: 10, PartyA: 254712345678, PartyB: 174379, PhoneNumber: 254712345678, TransactionDesc: undefined });
    expect(reply.status).toBe(200);
    expect(sim.prompts()[0]).toMatchObject({ msisdn: '254712345678', businessShortCode: '174379', transactionDesc: '' });
  });

  it('accepts 2541XXXXXXXX numbers and CustomerBuyGoodsOnline', async () => {
    const reply = await client.stkPush({ PartyA: '254110000001', PhoneNumber: '254110000001', TransactionType: 'CustomerBuyGoodsOnline', PartyB: '600111' });
    expect(reply.status).toBe(200);
  });
});

describe('STK Push: refusals', () => {
  it('refuses a Password not made of this shortcode, passkey and Timestamp: Wrong credentials', async () => {
    const wrongPasskey = await client.stkPush({ Password: password(SHORT_CODE, 'not-the-passkey', TIMESTAMP) });
    expectDarajaError(wrongPasskey, 500, '500.001.1001', 'Wrong credentials');
    const otherTimestamp = await client.stkPush({ Password: password(SHORT_CODE, PASSKEY, '20260115093001') });
    expectDarajaError(otherTimestamp, 500, '500.001.1001', 'Wrong credentials');
    expect(sim.prompts()).toEqual([]);
  });

  it('refuses a Timestamp that is not YYYYMMDDHHmmss', async () => {
    for (const Timestamp of ['2026-01-15 09:30:00', '20261315093000', '2026011509300', '']) {
      expectDarajaError(await client.stkPush({ Timestamp, Password: password(SHORT_CODE, PASSKEY, Timestamp) }), 400, '400.002.02', 'Bad Request - Invalid Timestamp');
    }
  });

  it('refuses amounts that are not whole shillings of at least 1: "Bad Request - Invalid Amount"', async () => {
    for (const Amount of [1.5, '10.50', '1.00', 0, -5, 'ten', null]) {
      expectDarajaError(await client.stkPush({ Amount }), 400, '400.002.02', 'Bad Request - Invalid Amount');
    }
    expect((await client.stkPush({ Amount: '1' })).status).toBe(200);
  });

  it('names the first invalid field, in the documented order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ BusinessShortCode: 'abc' }, 'BusinessShortCode'],
      [{ Password: '' }, 'Password'],
      [{ TransactionType: 'CustomerPayBill' }, 'TransactionType'],
      [{ PartyA: '0708374149' }, 'PartyA'],
      [{ PartyA: '+254708374149' }, 'PartyA'],
      [{ PartyB: '' }, 'PartyB'],
      [{ PhoneNumber: '254608374149' }, 'PhoneNumber'],
      [{ CallBackURL: 'ftp://example.com/cb' }, 'CallBackURL'],
      [{ CallBackURL: 'not a url' }, 'CallBackURL'],
      [{ AccountReference: 'ABCDEFGHIJKLM' }, 'AccountReference'],
      [{ AccountReference: '' }, 'AccountReference'],
      [{ TransactionDesc: 'ABCDEFGHIJKLMN' }, 'TransactionDesc'],
      [{ Amount: 1.5, PartyA: 'x' }, 'Amount'],
    ];
    for (const [override, field] of cases) {
      expectDarajaError(await client.stkPush(override), 400, '400.002.02', `Bad Request - Invalid ${field}`);
    }
    // The limits themselves are fine: 12 and 13 characters.
    expect((await client.stkPush({ AccountReference: 'ABCDEFGHIJKL', TransactionDesc: 'ABCDEFGHIJKLM' })).status).toBe(200);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['{"BusinessShortCode":', '[]', '"text"', '']) {
      expectDarajaError(await client.post('/mpesa/stkpush/v1/processrequest', body), 400, '400.002.02', 'Bad Request - Invalid JSON');
    }
  });

  it('refuses an unknown shortcode: Merchant does not exist', async () => {
    const reply = await client.stkPush({ BusinessShortCode: '999999', Password: password('999999', PASSKEY, TIMESTAMP) });
    expectDarajaError(reply, 500, '500.001.1001', 'Merchant does not exist');
  });

  it('cannot prompt a phone that already has a prompt pending: Unable to lock subscriber', async () => {
    const first = await client.stkPush({});
    expect(first.status).toBe(200);
    const second = await client.stkPush({ Amount: 20 });
    expectDarajaError(second, 500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber');
    expect((await client.stkPush({ PartyA: '254700000001', PhoneNumber: '254700000001' })).status).toBe(200);
    await sim.cancel(first.body.CheckoutRequestID);
    expect((await client.stkPush({ Amount: 20 })).status).toBe(200);
  });
});

describe('STK Query: refusals', () => {
  it('checks the Password like STK Push and refuses an unknown CheckoutRequestID', async () => {
    const push = await client.stkPush({});
    const id = push.body.CheckoutRequestID as string;
    expectDarajaError(await client.stkQuery(id, { Password: password(SHORT_CODE, PASSKEY, '20250101000000') }), 500, '500.001.1001', 'Wrong credentials');
    expectDarajaError(await client.stkQuery('ws_CO_01012026000000000708374149'), 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    expectDarajaError(await client.stkQuery(''), 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
  });

  it('answers a pending prompt with HTTP 500 "The transaction is being processed"', async () => {
    const push = await client.stkPush({});
    expectDarajaError(await client.stkQuery(push.body.CheckoutRequestID), 500, '500.001.1001', 'The transaction is being processed');
  });
});
