import { describe, expect, it } from 'vitest';
import { parseDeliveryReport } from '../src/index.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const SUCCESS = { id: 'ATXid_5c2d0e1f4b', status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', retryCount: '0' };

describe('parseDeliveryReport', () => {
  it('reads the form Africa\'s Talking POSTs', () => {
    expect(parseDeliveryReport(form(SUCCESS))).toEqual({
      ok: true,
      value: { providerMessageId: 'ATXid_5c2d0e1f4b', status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', failureReason: null, retryCount: 0 },
    });
    expect(parseDeliveryReport(form({ ...SUCCESS, status: 'Failed', failureReason: 'UserInBlackList', retryCount: '3' }))).toMatchObject({ ok: true, value: { status: 'Failed', failureReason: 'UserInBlackList', retryCount: 3 } });
  });

  it('takes every one of the six statuses, the optional fields absent or empty, and ignores fields it does not know', () => {
    for (const status of ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed']) {
      expect(parseDeliveryReport(form({ id: 'ATXid_1', status, phoneNumber: '+254712345678' }))).toMatchObject({ ok: true, value: { status, networkCode: null, failureReason: null, retryCount: null } });
    }
    expect(parseDeliveryReport(form({ ...SUCCESS, failureReason: '', networkCode: '', cost: 'KES 0.8000' }))).toMatchObject({ ok: true, value: { failureReason: null, networkCode: null } });
  });

  it.each([
    ['an empty body', '', /id: /],
    ['JSON', JSON.stringify(SUCCESS), /id: /],
    ['no id', form({ status: 'Success', phoneNumber: '+254712345678' }), /id: /],
    ['an unknown status', form({ ...SUCCESS, status: 'Delivered' }), /status: /],
    ['a phone number that is not one', form({ ...SUCCESS, phoneNumber: '07xx' }), /phoneNumber: must be a phone number/],
    ['an id with a quote', form({ ...SUCCESS, id: "x' or 1=1" }), /id: must be a message id/],
    ['a retry count that is not a number', form({ ...SUCCESS, retryCount: '-1' }), /retryCount: /],
    ['a NUL in a field', form({ ...SUCCESS, failureReason: 'a\u0000b' }), /failureReason: /],
    ['a field twice', `${form(SUCCESS)}&status=Failed`, /status given 2 times/],
  ])('refuses %s, naming the field, never its value', (_what, body, error) => {
    const parsed = parseDeliveryReport(body);
    expect(parsed).toEqual({ ok: false, error: expect.stringMatching(error) });
    expect(parsed.ok ? '' : parsed.error).not.toContain('712345678');
  });
});
