import { describe, expect, it } from 'vitest';
import { c2bConfirmationAck, c2bValidationAccept, c2bValidationReject, parseC2bPayload } from '../src/index.js';

const confirmation = {
  TransactionType: 'Pay Bill',
  TransID: 'RKTQDM7W6S',
  TransTime: '20191122063845',
  TransAmount: '5.00',
  BusinessShortCode: '174379',
  BillRefNumber: 'EDK7Q2M4XP',
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '2547 ***** 126',
  FirstName: 'John',
  MiddleName: '',
  LastName: 'Doe',
};

describe('parseC2bPayload', () => {
  it('reads a confirmation: TransAmount "5.00" is 500 cents, MSISDN kept as sent', () => {
    expect(parseC2bPayload(confirmation)).toEqual({
      ok: true,
      value: {
        transactionType: 'Pay Bill',
        transId: 'RKTQDM7W6S',
        transTime: '20191122063845',
        amountCents: 500,
        businessShortCode: '174379',
        billRefNumber: 'EDK7Q2M4XP',
        invoiceNumber: '',
        orgAccountBalance: '49197.00',
        thirdPartyTransId: '',
        msisdn: '2547 ***** 126',
        firstName: 'John',
        middleName: '',
        lastName: 'Doe',
      },
    });
  });

  it('reads a validation request (blank balance) with a hashed MSISDN', () => {
    const hashed = 'a'.repeat(24) + '0123456789abcdef0123456789abcdef0123456789'; // 64 hex characters
    const result = parseC2bPayload({ ...confirmation, OrgAccountBalance: '', MSISDN: hashed });
    expect(result).toMatchObject({ ok: true, value: { orgAccountBalance: '', msisdn: hashed } });
  });

  it.each([
    ['10', 1_000],
    ['1500.50', 150_050],
    ['0.01', 1],
    ['1234567.89', 123_456_789],
  ])('TransAmount %j is %i cents exactly', (TransAmount, cents) => {
    expect(parseC2bPayload({ ...confirmation, TransAmount })).toMatchObject({ ok: true, value: { amountCents: cents } });
  });

  it('defaults the fields often left out to blank', () => {
    const { InvoiceNumber: _i, OrgAccountBalance: _o, ThirdPartyTransID: _t, FirstName: _f, MiddleName: _m, LastName: _l, ...bare } = confirmation;
    expect(parseC2bPayload(bare)).toMatchObject({ ok: true, value: { invoiceNumber: '', orgAccountBalance: '', thirdPartyTransId: '', firstName: '', middleName: '', lastName: '' } });
  });

  it('accepts a blank BillRefNumber (Buy Goods)', () => {
    expect(parseC2bPayload({ ...confirmation, TransactionType: 'Buy Goods', BillRefNumber: '' })).toMatchObject({ ok: true, value: { billRefNumber: '' } });
  });

  it.each([
    ['a missing TransID', { TransID: undefined }, 'TransID'],
    ['a blank TransID', { TransID: ' ' }, 'TransID'],
    ['a numeric TransAmount', { TransAmount: 5 }, 'TransAmount'],
    ['three decimals', { TransAmount: '5.001' }, 'TransAmount "5.001"'],
    ['a negative amount', { TransAmount: '-5.00' }, 'TransAmount "-5.00"'],
    ['a zero amount', { TransAmount: '0.00' }, 'TransAmount "0.00"'],
    ['grouped digits', { TransAmount: '1,000.00' }, 'TransAmount "1,000.00"'],
    ['a bad TransTime', { TransTime: '2019-11-22' }, 'TransTime'],
    ['no MSISDN', { MSISDN: undefined }, 'MSISDN'],
    ['no BusinessShortCode', { BusinessShortCode: undefined }, 'BusinessShortCode'],
  ])('refuses %s', (_name, change, message) => {
    const result = parseC2bPayload({ ...confirmation, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(message);
  });

  it.each([null, 'x', 42, [], {}])('returns a parse error for %j, never throws', (json) => {
    const result = parseC2bPayload(json);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^C2B payload: /);
  });
});

describe('C2B replies', () => {
  it('accepts a validation with ResultCode "0" (a string)', () => {
    expect(JSON.stringify(c2bValidationAccept())).toBe('{"ResultCode":"0","ResultDesc":"Accepted"}');
  });

  it.each(['C2B00011', 'C2B00012', 'C2B00013', 'C2B00014', 'C2B00015', 'C2B00016'] as const)('rejects a validation with %s', (code) => {
    expect(JSON.stringify(c2bValidationReject(code))).toBe(`{"ResultCode":"${code}","ResultDesc":"Rejected"}`);
  });

  it('acknowledges a confirmation with ResultCode 0 (a number)', () => {
    expect(JSON.stringify(c2bConfirmationAck())).toBe('{"ResultCode":0,"ResultDesc":"Success"}');
  });
});
