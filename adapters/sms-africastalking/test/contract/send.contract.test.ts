import { startDarajaSim, type DarajaSim, type SmsStatusCode } from '@escrow/daraja-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AfricasTalkingSmsNotifier } from '../../src/index.js';
import { configFor, sms } from '../support/config.js';

/**
 * The notifier against the simulator over real HTTP: the same code that talks to Africa's
 * Talking when AT_* credentials are set, pointed at it by AT_BASE_URL.
 */
let sim: DarajaSim;
beforeAll(async () => {
  sim = await startDarajaSim();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const PHONE = '+254712345678';
const notifier = (change = {}) => new AfricasTalkingSmsNotifier(configFor(sim.url, change));

/** No outcome may carry the whole number or the text (the outbox keeps reasons as its last error). */
function expectNothingSecret(outcome: unknown): void {
  const text = JSON.stringify(outcome);
  expect(text).not.toContain('712345678');
  expect(text).not.toContain('482913');
}

describe('sending an SMS', () => {
  it('posts the form the fact sheet describes, and the SMS reaches the phone; providerId is the messageId, cost the recipient\'s cost', async () => {
    const outcome = await notifier().send(sms('0712345678'), 'outbox-1');
    const [received] = sim.sms.messagesTo(PHONE);
    expect(outcome).toEqual({ ok: true, providerId: received?.messageId, cost: 'KES 0.8000' });
    expect(received?.cost).toBe('KES 0.8000');
    expect(received?.messageId).toMatch(/^ATXid_[0-9a-f]{32}$/);
    expect(received).toMatchObject({ number: PHONE, message: 'Escrow Delivery: your delivery code is 482913.', from: 'ESCROW', username: 'sandbox', bulkSMSMode: '1', enqueue: '1', statusCode: 101 });
  });

  it('leaves out `from` when no sender id is set (the account default)', async () => {
    expect(await notifier({ senderId: undefined }).send(sms(PHONE), 'k')).toMatchObject({ ok: true });
    expect(sim.sms.messagesTo(PHONE)[0]?.from).toBeNull();
  });

  it.each(['0712345678', '0112345678', '254712345678', '+254712345678', '0712 345 678', '+254-712-345-678'])('normalises %s to E.164', async (typed) => {
    expect(await notifier().send(sms(typed), 'k')).toMatchObject({ ok: true });
    const expected = typed.includes('11234') ? '+254112345678' : PHONE;
    expect(sim.sms.sent().map((m) => m.number)).toEqual([expected]);
  });

  it.each(['+447911123456', '0812345678', '71234567', '2547123456789', '', 'not a phone'])('refuses %j without calling Africa\'s Talking, for good, saying why', async (typed) => {
    const outcome = await notifier().send(sms(typed), 'k');
    expect(outcome).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining('not a Kenyan mobile number (07XXXXXXXX, 01XXXXXXXX, 2547XXXXXXXX or +2547XXXXXXXX)') });
    expect(sim.sms.sent()).toEqual([]);
  });

  it('refuses an email, and an SMS with no text', async () => {
    expect(await notifier().send({ channel: 'email', to: 'a@example.com', subject: 's', body: 'b' }, 'k')).toMatchObject({ ok: false, retryable: false });
    expect(await notifier().send(sms(PHONE, '  '), 'k')).toMatchObject({ ok: false, retryable: false, reason: 'the SMS to +254******678 has no text' });
    expect(sim.sms.sent()).toEqual([]);
  });
});

describe("each per-recipient statusCode: what the outbox does with it", () => {
  const cases: [SmsStatusCode, 'delivered' | 'retry' | 'refused', RegExp][] = [
    [100, 'delivered', /./],
    [101, 'delivered', /./],
    [102, 'delivered', /./],
    [401, 'retry', /401 RiskHold, .*risk review/],
    [402, 'retry', /402 InvalidSenderId, the sender id \(AT_SENDER_ID\)/],
    [403, 'refused', /403 InvalidPhoneNumber, not a valid phone number/],
    [404, 'refused', /404 UnsupportedNumberType/],
    [405, 'retry', /405 InsufficientBalance, .*no balance left; top it up/],
    [406, 'refused', /406 UserInBlacklist, the person has blocked SMS/],
    [407, 'refused', /407 CouldNotRoute/],
    [500, 'retry', /500 InternalServerError/],
    [501, 'retry', /501 GatewayError/],
    [502, 'retry', /502 RejectedByGateway/],
  ];
  it.each(cases)('%i: %s', async (statusCode, expected, reason) => {
    sim.sms.setBehaviour(PHONE, { statusCode });
    const outcome = await notifier().send(sms(PHONE), 'k');
    if (expected === 'delivered') {
      expect(outcome).toEqual({ ok: true, providerId: sim.sms.messagesTo(PHONE)[0]?.messageId, cost: sim.sms.messagesTo(PHONE)[0]?.cost });
      return;
    }
    expect(outcome).toEqual({ ok: false, retryable: expected === 'retry', reason: expect.stringMatching(reason) });
    expect(outcome).toMatchObject({ reason: expect.stringContaining("Africa's Talking did not send the SMS to +254******678: ") });
    expectNothingSecret(outcome);
  });
});

describe('the account', () => {
  it('a wrong API key is HTTP 401: retried (a rotated key, fixed by the operator), the reply quoted', async () => {
    const outcome = await notifier({ apiKey: 'wrong' }).send(sms(PHONE), 'k');
    expect(outcome).toEqual({ ok: false, retryable: true, reason: 'Africa\'s Talking refused the username or API key (HTTP 401: "The supplied authentication is invalid")' });
    expect(sim.sms.sent()).toEqual([]);
  });

  it('a wrong username is refused the same way', async () => {
    expect(await notifier({ username: 'escrow' }).send(sms(PHONE), 'k')).toMatchObject({ ok: false, retryable: true, reason: expect.stringContaining('HTTP 401') });
  });
});
