import { describe, expect, it } from 'vitest';
import { parseResultCallback } from '../src/index.js';

// B2C's documented success Result: an array of parameters, one bare ReferenceItem, numbers as numbers.
const b2cSuccess = `{"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"The service request is processed successfully.",
  "OriginatorConversationID":"10571-7910404-1","ConversationID":"AG_20191219_00004e48cf7e3533f581","TransactionID":"NLJ41HAY6Q",
  "ResultParameters":{"ResultParameter":[{"Key":"TransactionAmount","Value":10},{"Key":"TransactionReceipt","Value":"NLJ41HAY6Q"},
  {"Key":"B2CRecipientIsRegisteredCustomer","Value":"Y"},{"Key":"B2CChargesPaidAccountAvailableFunds","Value":-4510.00},
  {"Key":"ReceiverPartyPublicName","Value":"254708374149 - John Doe"},{"Key":"TransactionCompletedDateTime","Value":"19.12.2019 11:45:50"},
  {"Key":"B2CUtilityAccountAvailableFunds","Value":10116.00},{"Key":"B2CWorkingAccountAvailableFunds","Value":900000.00}]},
  "ReferenceData":{"ReferenceItem":{"Key":"QueueTimeoutURL","Value":"https:\\/\\/internalsandbox.safaricom.co.ke\\/mpesa\\/b2cresults\\/v1\\/submit"}}}}`;

// A Transaction Status Result in the other shape: strings for codes, one bare parameter, an array of reference items.
const statusAsStrings = {
  Result: {
    ResultType: '0',
    ResultCode: '0',
    ResultDesc: 'The service request has been accepted successsfully.',
    OriginatorConversationID: '1236-7134259-1',
    ConversationID: 'AG_20250101_0000',
    TransactionID: 'SAB0000000',
    ResultParameters: { ResultParameter: { Key: 'ReceiptNo', Value: 'NLJ7RT61SV' } },
    ReferenceData: { ReferenceItem: [{ Key: 'Occasion', Value: 'order EDK7Q2M4XP' }, { Key: 'QueueTimeoutURL' }] },
  },
};

describe('parseResultCallback', () => {
  it("reads B2C's documented success Result", () => {
    expect(parseResultCallback(JSON.parse(b2cSuccess))).toEqual({
      ok: true,
      value: {
        resultType: 0,
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        originatorConversationId: '10571-7910404-1',
        conversationId: 'AG_20191219_00004e48cf7e3533f581',
        transactionId: 'NLJ41HAY6Q',
        parameters: {
          TransactionAmount: '10',
          TransactionReceipt: 'NLJ41HAY6Q',
          B2CRecipientIsRegisteredCustomer: 'Y',
          B2CChargesPaidAccountAvailableFunds: '-4510',
          ReceiverPartyPublicName: '254708374149 - John Doe',
          TransactionCompletedDateTime: '19.12.2019 11:45:50',
          B2CUtilityAccountAvailableFunds: '10116',
          B2CWorkingAccountAvailableFunds: '900000',
        },
        referenceData: { QueueTimeoutURL: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' },
      },
    });
  });

  it('reads codes as strings, a single ResultParameter object and a ReferenceItem array', () => {
    expect(parseResultCallback(statusAsStrings)).toMatchObject({
      ok: true,
      value: { resultType: 0, resultCode: 0, parameters: { ReceiptNo: 'NLJ7RT61SV' }, referenceData: { Occasion: 'order EDK7Q2M4XP', QueueTimeoutURL: '' } },
    });
  });

  it('reads a failure without ResultParameters or TransactionID', () => {
    const failure = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: '29112-34801843-1',
        ConversationID: 'AG_20191219_00006c6fddb15123addf',
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://example.co.ke/timeout' } },
      },
    };
    expect(parseResultCallback(failure)).toEqual({
      ok: true,
      value: {
        resultType: 0,
        resultCode: 2001,
        resultDesc: 'The initiator information is invalid.',
        originatorConversationId: '29112-34801843-1',
        conversationId: 'AG_20191219_00006c6fddb15123addf',
        transactionId: '',
        parameters: {},
        referenceData: { QueueTimeoutURL: 'https://example.co.ke/timeout' },
      },
    });
  });

  it('keeps SFC_IC0003 as text', () => {
    const result = parseResultCallback({ Result: { ...statusAsStrings.Result, ResultCode: 'SFC_IC0003' } });
    expect(result).toMatchObject({ ok: true, value: { resultCode: 'SFC_IC0003' } });
  });

  it.each([
    ['null', null],
    ['no Result', { Body: {} }],
    ['no ConversationID', { Result: { ...statusAsStrings.Result, ConversationID: undefined } }],
    ['a ResultType that is not a number', { Result: { ...statusAsStrings.Result, ResultType: 'zero' } }],
    ['a parameter without Key', { Result: { ...statusAsStrings.Result, ResultParameters: { ResultParameter: [{ Value: 1 }] } } }],
    ['a Value that is an object', { Result: { ...statusAsStrings.Result, ResultParameters: { ResultParameter: { Key: 'K', Value: { a: 1 } } } } }],
  ])('returns a parse error for %s, never throws', (_name, json) => {
    const result = parseResultCallback(json);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Result callback: /);
  });
});
