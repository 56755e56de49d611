import { describe, expect, it } from 'vitest';
import { parseStkCallback } from '../src/index.js';

// Parsed from text, as the HTTP handler will: `1.00` and the big numbers go through JSON.parse.
const success = `{
  "Body": {
    "stkCallback": {
      "MerchantRequestID": "29115-34620561-1",
      "CheckoutRequestID": "ws_CO_191220191020363925",
      "ResultCode": 0,
      "ResultDesc": "The service request is processed successfully.",
      "CallbackMetadata": {
        "Item": [
          { "Name": "Amount", "Value": 1.00 },
          { "Name": "MpesaReceiptNumber", "Value": "NLJ7RT61SV" },
          { "Name": "Balance" },
          { "Name": "TransactionDate", "Value": 20191219102115 },
          { "Name": "PhoneNumber", "Value": 254708374149 }
        ]
      }
    }
  }
}`;

const cancelled = `{
  "Body": {
    "stkCallback": {
      "MerchantRequestID": "29115-34620561-1",
      "CheckoutRequestID": "ws_CO_191220191020363925",
      "ResultCode": 1032,
      "ResultDesc": "Request cancelled by user."
    }
  }
}`;

type Json = Record<string, unknown>;
const successWith = (edit: (callback: Json, items: Json[]) => void): unknown => {
  const body = JSON.parse(success) as { Body: { stkCallback: Json & { CallbackMetadata: { Item: Json[] } } } };
  edit(body.Body.stkCallback, body.Body.stkCallback.CallbackMetadata.Item);
  return body;
};

describe('parseStkCallback', () => {
  it("reads the fact sheet's success callback", () => {
    expect(parseStkCallback(JSON.parse(success))).toEqual({
      ok: true,
      value: {
        merchantRequestId: '29115-34620561-1',
        checkoutRequestId: 'ws_CO_191220191020363925',
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        metadata: { amountShillings: 1, receipt: 'NLJ7RT61SV', transactionDate: '20191219102115', phone: '254708374149' },
      },
    });
  });

  it('reads a failure callback without metadata', () => {
    expect(parseStkCallback(JSON.parse(cancelled))).toEqual({
      ok: true,
      value: { merchantRequestId: '29115-34620561-1', checkoutRequestId: 'ws_CO_191220191020363925', resultCode: 1032, resultDesc: 'Request cancelled by user.' },
    });
  });

  it('accepts the items in any order, strings for numbers, a Balance with a Value and unknown items', () => {
    const reordered = successWith((_, items) => {
      items.reverse();
      items.push({ Name: 'SomethingNew', Value: 'x' });
      for (const item of items) {
        if (item.Name === 'Balance') item.Value = '1000.00';
        if (item.Name === 'Amount') item.Value = '1500.00';
        if (item.Name === 'TransactionDate') item.Value = '20191219102115';
        if (item.Name === 'PhoneNumber') item.Value = '254708374149';
      }
    });
    const result = parseStkCallback(reordered);
    expect(result).toMatchObject({ ok: true, value: { metadata: { amountShillings: 1500, transactionDate: '20191219102115', phone: '254708374149', balance: '1000.00' } } });
  });

  it('reads Amount as 1 and as 1.00 alike', () => {
    const asInteger = success.replace('"Value": 1.00', '"Value": 1');
    expect(parseStkCallback(JSON.parse(asInteger))).toMatchObject({ ok: true, value: { metadata: { amountShillings: 1 } } });
  });

  it('ignores metadata on a failed result', () => {
    const failedWithMetadata = successWith((callback) => {
      callback.ResultCode = 1;
      callback.ResultDesc = 'The balance is insufficient for the transaction.';
    });
    const result = parseStkCallback(failedWithMetadata);
    expect(result.ok && result.value.metadata).toBe(undefined);
    expect(result).toMatchObject({ ok: true, value: { resultCode: 1 } });
  });

  it('accepts ResultCode as a string of digits, and keeps a non-numeric code as text', () => {
    const asString = JSON.parse(cancelled.replace('1032', '"1032"')) as unknown;
    expect(parseStkCallback(asString)).toMatchObject({ ok: true, value: { resultCode: 1032 } });
    const operator = JSON.parse(cancelled.replace('1032', '"SFC_IC0003"')) as unknown;
    expect(parseStkCallback(operator)).toMatchObject({ ok: true, value: { resultCode: 'SFC_IC0003' } });
  });

  it.each([
    ['no receipt', (_: Json, items: Json[]) => items.splice(items.findIndex((item) => item.Name === 'MpesaReceiptNumber'), 1), 'MpesaReceiptNumber is missing'],
    ['no amount', (_: Json, items: Json[]) => items.splice(items.findIndex((item) => item.Name === 'Amount'), 1), 'Amount is missing'],
    ['a fractional amount', (_: Json, items: Json[]) => ((items[0] as Json).Value = 1.5), 'Amount "1.5" is not a positive whole number of shillings'],
    ['a zero amount', (_: Json, items: Json[]) => ((items[0] as Json).Value = 0), 'Amount "0" is not a positive whole number of shillings'],
    ['a bad date', (_: Json, items: Json[]) => ((items[3] as Json).Value = '2019-12-19'), 'TransactionDate "2019-12-19" is not yyyyMMddHHmmss'],
    ['no phone', (_: Json, items: Json[]) => items.splice(4, 1), 'PhoneNumber is missing'],
    ['success without metadata', (callback: Json) => delete callback.CallbackMetadata, 'ResultCode 0 without CallbackMetadata'],
  ])('refuses a success callback with %s', (_name, edit, message) => {
    const result = parseStkCallback(successWith(edit));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(message);
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['an empty object', {}],
    ['no CheckoutRequestID', { Body: { stkCallback: { MerchantRequestID: 'm', ResultCode: 0, ResultDesc: 'x' } } }],
    ['a boolean ResultCode', { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: true, ResultDesc: 'x' } } }],
    ['a fractional ResultCode', { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 0.5, ResultDesc: 'x' } } }],
    ['Items that are not a list', { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 0, ResultDesc: 'x', CallbackMetadata: { Item: 'x' } } } }],
  ])('returns a parse error, never throws, for %s', (_name, json) => {
    const result = parseStkCallback(json);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^STK callback: /);
  });

  it('names the field that is wrong', () => {
    const result = parseStkCallback({ Body: { stkCallback: { MerchantRequestID: 'm', ResultCode: 0, ResultDesc: 'x' } } });
    expect(!result.ok && result.error).toContain('Body.stkCallback.CheckoutRequestID');
  });
});
