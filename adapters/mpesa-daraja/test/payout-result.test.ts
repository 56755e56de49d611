import { describe, expect, it } from 'vitest';
import { parsePayoutResult, payoutResultCodeMeaning } from '../src/index.js';

const b2cSuccess = (change: Record<string, unknown> = {}, parameters?: unknown) => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: 'payout-01HZX3',
    ConversationID: 'AG_20191219_00004e48cf7e3533f581',
    TransactionID: 'NLJ41HAY6Q',
    ResultParameters: parameters ?? {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
        { Key: 'ReceiverPartyPublicName', Value: '254708374149 - John Doe' },
        { Key: 'TransactionCompletedDateTime', Value: '19.12.2019 11:45:50' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
      ],
    },
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
    ...change,
  },
});

describe('parsePayoutResult', () => {
  it('reads a B2C success: receipt, amount in cents, receiver, completion time in Nairobi', () => {
    expect(parsePayoutResult(b2cSuccess())).toEqual({
      ok: true,
      value: expect.objectContaining({
        outcome: 'success',
        originatorConversationId: 'payout-01HZX3',
        conversationId: 'AG_20191219_00004e48cf7e3533f581',
        receipt: 'NLJ41HAY6Q',
        amount: 1_000,
        receiverName: '254708374149 - John Doe',
        completedAt: new Date('2019-12-19T08:45:50Z'),
        originalReceipt: null,
      }),
    });
  });

  it('tolerates codes as strings, a single ResultParameter object, values as strings, a list of ReferenceItems', () => {
    const parsed = parsePayoutResult(
      b2cSuccess({ ResultType: '0', ResultCode: '0', ReferenceData: { ReferenceItem: [{ Key: 'QueueTimeoutURL', Value: 'x' }] } }, { ResultParameter: { Key: 'TransactionAmount', Value: '1500.50' } }),
    );
    // TransactionReceipt is absent here: the TransactionID is the receipt.
    expect(parsed).toMatchObject({ ok: true, value: { outcome: 'success', receipt: 'NLJ41HAY6Q', amount: 150_050, receiverName: null, completedAt: null, referenceData: { QueueTimeoutURL: 'x' } } });
  });

  it('reads a B2B success (Amount "2500.00", TransCompletedTime) and a reversal (OriginalTransactionID)', () => {
    const b2b = b2cSuccess({}, {
      ResultParameter: [
        { Key: 'Amount', Value: '2500.00' },
        { Key: 'TransCompletedTime', Value: 20221110110717 },
        { Key: 'ReceiverPartyPublicName', Value: '600000 - Biller Company' },
        { Key: 'Currency', Value: 'KES' },
      ],
    });
    expect(parsePayoutResult(b2b)).toMatchObject({ ok: true, value: { amount: 250_000, receiverName: '600000 - Biller Company', completedAt: new Date('2022-11-10T08:07:17Z') } });
    const reversal = b2cSuccess({ TransactionID: 'SAK91HAY7Q' }, {
      ResultParameter: [
        { Key: 'Amount', Value: 750 },
        { Key: 'OriginalTransactionID', Value: 'NLJ7RT61SV' },
        { Key: 'CreditPartyPublicName', Value: '254711000222 - Otieno' },
      ],
    });
    expect(parsePayoutResult(reversal)).toMatchObject({ ok: true, value: { receipt: 'SAK91HAY7Q', amount: 75_000, originalReceipt: 'NLJ7RT61SV', receiverName: '254711000222 - Otieno' } });
  });

  it.each([
    [1, 'insufficient_funds', 1],
    // A numeric code sent as a string reads as the number, so `=== 2040` works either way.
    ['2040', 'receiver_not_registered', 2040],
    [8006, 'locked', 8006],
    ['SFC_IC0003', 'unknown_operator', 'SFC_IC0003'],
    ['R000001', 'already_reversed', 'R000001'],
  ])('reads a failure %s as %s, in words, without ResultParameters', (wire, kind, code) => {
    const { ResultParameters: _p, ...failure } = b2cSuccess({ ResultCode: wire, ResultDesc: 'as Daraja says it', TransactionID: 'NLJ0000000' }).Result;
    expect(parsePayoutResult({ Result: failure })).toMatchObject({ ok: true, value: { outcome: 'failure', code, kind, final: true, resultDesc: 'as Daraja says it', description: expect.stringMatching(/\w+ \w+/) } });
  });

  it('an unknown code is a failure that is not final: check with Transaction Status', () => {
    expect(parsePayoutResult(b2cSuccess({ ResultCode: 4999 }))).toMatchObject({ ok: true, value: { outcome: 'failure', code: 4999, kind: 'unknown', final: false } });
  });

  it.each([
    ['a success without a receipt', b2cSuccess({ TransactionID: 'NLJ0000000' }, { ResultParameter: [{ Key: 'TransactionAmount', Value: 10 }] }), /receipt/],
    ['a success without an amount', b2cSuccess({}, { ResultParameter: [{ Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' }] }), /amount/],
    ['a success with a negative amount', b2cSuccess({}, { ResultParameter: [{ Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' }, { Key: 'TransactionAmount', Value: -10 }] }), /amount/],
    ['an impossible completion date', b2cSuccess({}, { ResultParameter: [{ Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' }, { Key: 'TransactionAmount', Value: 10 }, { Key: 'TransactionCompletedDateTime', Value: '31.02.2019 11:45:50' }] }), /completion time/],
    ['no OriginatorConversationID', b2cSuccess({ OriginatorConversationID: undefined }), /OriginatorConversationID/],
    ['not a Result at all', { Body: { stkCallback: {} } }, /Result/],
  ])('refuses %s', (_name, body, error) => {
    const parsed = parsePayoutResult(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});

describe('payoutResultCodeMeaning', () => {
  it('describes every code of the fact sheet in words', () => {
    for (const code of [0, 1, 2, 3, 4, 8, 11, 21, 2001, 2006, 2028, 2040, 8006, 'SFC_IC0003']) {
      const meaning = payoutResultCodeMeaning(code);
      expect(meaning.kind).not.toBe('unknown');
      expect(meaning.final).toBe(true);
      expect(meaning.description.length).toBeGreaterThan(20);
    }
    expect(payoutResultCodeMeaning('0').kind).toBe('success');
    expect(payoutResultCodeMeaning(' 1 ').kind).toBe('insufficient_funds');
  });
});
