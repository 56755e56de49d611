import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { sendSms } from './helpers/at-client.js';
import { CallbackReceiver, sleep, waitUntil } from './helpers/callback-receiver.js';

const PHONE = '+254712345678';
let sim: DarajaSim;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await CallbackReceiver.start();
  sim = await startDarajaSim({ callbackDelayMs: 10, sms: { deliveryReportUrl: receiver.url('/sms/delivery') } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(() => {
  sim.reset();
  receiver.clear();
  sim.sms.setDeliveryReportUrl(receiver.url('/sms/delivery'));
});

const MESSAGE_ID = /^ATXid_[0-9a-f]{32}$/;

describe("Africa's Talking bulk SMS: POST /version1/messaging", () => {
  it("takes a form with the apiKey header and answers 201 with the reply's exact JSON", async () => {
    const reply = await sendSms(sim.url, { to: PHONE, message: 'Escrow Delivery: your code is 482913.', from: 'ESCROW' });
    expect(reply.status).toBe(201);
    expect(reply.type).toMatch(/^application\/json/);
    expect(reply.body).toEqual({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: KES 0.8000',
        Recipients: [{ statusCode: 101, number: PHONE, status: 'Success', cost: 'KES 0.8000', messageId: expect.stringMatching(MESSAGE_ID) }],
      },
    });
    // Field order as Africa's Talking writes it.
    expect(Object.keys(reply.body.SMSMessageData.Recipients[0])).toEqual(['statusCode', 'number', 'status', 'cost', 'messageId']);
    const [received] = sim.sms.messagesTo('0712 345 678');
    expect(received).toMatchObject({
      messageId: reply.body.SMSMessageData.Recipients[0].messageId,
      number: PHONE,
      message: 'Escrow Delivery: your code is 482913.',
      from: 'ESCROW',
      username: 'sandbox',
      bulkSMSMode: '1',
      enqueue: '1',
      statusCode: 101,
    });
  });

  it('answers 401 in plain text for a wrong or missing apiKey or a wrong username, and takes nothing', async () => {
    for (const wrong of [{ apiKey: 'not-the-key' }, { apiKey: null }, { username: 'someone' }]) {
      const reply = await sendSms(sim.url, { to: PHONE, message: 'hello', ...wrong });
      expect(reply).toMatchObject({ status: 401, text: 'The supplied authentication is invalid' });
      expect(reply.type).toMatch(/^text\/plain/);
    }
    expect(sim.sms.sent()).toEqual([]);
  });

  it('answers XML unless asked for JSON, as the real API does', async () => {
    const reply = await sendSms(sim.url, { to: PHONE, message: 'hello', accept: '*/*' });
    expect(reply.status).toBe(201);
    expect(reply.type).toMatch(/^application\/xml/);
    expect(reply.text).toContain('<AfricasTalkingResponse><SMSMessageData><Message>Sent to 1/1 Total Cost: KES 0.8000</Message>');
  });

  it('refuses numbers that are not Kenyan mobiles in E.164 with 403 InvalidPhoneNumber, recipient by recipient', async () => {
    const reply = await sendSms(sim.url, { to: `${PHONE},+447911123456,0712345678,+25420123456`, message: 'hello' });
    expect(reply.status).toBe(201);
    expect(reply.body.SMSMessageData.Message).toBe('Sent to 1/4 Total Cost: KES 0.8000');
    expect(reply.body.SMSMessageData.Recipients.map((r: { number: string; statusCode: number; status: string; cost: string; messageId: string }) => [r.number, r.statusCode, r.status, r.cost, r.messageId === 'None'])).toEqual([
      [PHONE, 101, 'Success', 'KES 0.8000', false],
      ['+447911123456', 403, 'InvalidPhoneNumber', '0', true],
      ['0712345678', 403, 'InvalidPhoneNumber', '0', true],
      ['+25420123456', 403, 'InvalidPhoneNumber', '0', true],
    ]);
    const none = await sendSms(sim.url, { to: '+447911123456', message: 'hello' });
    expect(none.body.SMSMessageData.Message).toBe('Sent to 0/1 Total Cost: 0');
    expect(sim.sms.messagesTo(PHONE)).toHaveLength(1);
    expect(sim.sms.sent()).toHaveLength(5);
  });

  it.each([
    [100, 'Success', true],
    [102, 'Success', true],
    [401, 'RiskHold', false],
    [402, 'InvalidSenderId', false],
    [404, 'UnsupportedNumberType', false],
    [405, 'InsufficientBalance', false],
    [406, 'UserInBlacklist', false],
    [407, 'CouldNotRoute', false],
    [500, 'InternalServerError', false],
    [501, 'GatewayError', false],
    [502, 'RejectedByGateway', false],
  ] as const)('a number set to answer %i answers it (%s)', async (statusCode, status, accepted) => {
    sim.sms.setBehaviour('0712345678', { statusCode });
    const reply = await sendSms(sim.url, { to: PHONE, message: 'hello' });
    expect(reply.body.SMSMessageData.Recipients[0]).toEqual({ statusCode, number: PHONE, status, cost: accepted ? 'KES 0.8000' : '0', messageId: accepted ? expect.stringMatching(MESSAGE_ID) : 'None' });
    expect(sim.sms.messagesTo(PHONE)).toHaveLength(accepted ? 1 : 0);
  });

  it('fails a number only `times` times when asked, then delivers', async () => {
    sim.sms.setBehaviour(PHONE, { statusCode: 500, times: 2 });
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await sendSms(sim.url, { to: PHONE, message: `try ${i}` })).body.SMSMessageData.Recipients[0].statusCode);
    expect(codes).toEqual([500, 500, 101]);
    expect(sim.sms.messagesTo(PHONE).map((m) => m.message)).toEqual(['try 2']);
  });

  it('bills by the part: 161 GSM-7 characters are two parts, a non-GSM character makes 71 two', async () => {
    const long = await sendSms(sim.url, { to: PHONE, message: 'x'.repeat(161) });
    expect(long.body.SMSMessageData).toMatchObject({ Message: 'Sent to 1/1 Total Cost: KES 1.6000', Recipients: [{ cost: 'KES 1.6000' }] });
    const unicode = await sendSms(sim.url, { to: PHONE, message: `✓${'x'.repeat(70)}` });
    expect(unicode.body.SMSMessageData.Recipients[0].cost).toBe('KES 1.6000');
  });

  it('refuses a request without to or message, with a field twice, or not form-encoded', async () => {
    expect(await sendSms(sim.url, { to: '', message: 'hello' })).toMatchObject({ status: 400, text: "Request is missing required form field 'to'" });
    expect(await sendSms(sim.url, { to: PHONE, message: '' })).toMatchObject({ status: 400, text: "Request is missing required form field 'message'" });
    expect(await sendSms(sim.url, { to: PHONE, message: 'hello', extra: [['to', '+254700000000']] })).toMatchObject({ status: 400 });
    expect((await sendSms(sim.url, { to: PHONE, message: 'x', raw: { body: JSON.stringify({ username: 'sandbox', to: PHONE, message: 'x' }), type: 'application/json' } })).status).toBe(415);
    expect(sim.sms.sent()).toEqual([]);
  });
});

describe('delivery reports', () => {
  it('POSTs a Success report as a form to the dashboard URL shortly after', async () => {
    const reply = await sendSms(sim.url, { to: PHONE, message: 'hello' });
    const id = reply.body.SMSMessageData.Recipients[0].messageId as string;
    const [report] = await receiver.waitFor('/sms/delivery');
    expect(report?.body).toEqual({ id, status: 'Success', phoneNumber: PHONE, networkCode: '63902', retryCount: '0' });
    await waitUntil(() => sim.callbacks().length === 1);
    expect(sim.callbacks()[0]).toMatchObject({ kind: 'sms_delivery_report', ref: id, status: 200 });
    expect(sim.sms.messagesTo(PHONE)[0]?.deliveryReports).toEqual([{ status: 'Success', at: expect.any(String) }]);
  });

  it('sends the reports a number is set to, in order, with a failure reason on a failed one; none for a refused SMS', async () => {
    sim.sms.setBehaviour(PHONE, { deliveryReports: ['Sent', 'Buffered', 'Failed'], failureReason: 'AbsentSubscriber' });
    await sendSms(sim.url, { to: '+254733000111', message: 'to Airtel' });
    await sendSms(sim.url, { to: PHONE, message: 'hello' });
    await sendSms(sim.url, { to: '+447911123456', message: 'refused' });
    const reports = await receiver.waitFor('/sms/delivery', 4);
    await sleep(100);
    expect(receiver.on('/sms/delivery')).toHaveLength(4);
    const mine = reports.filter((r) => r.body.phoneNumber === PHONE).map((r) => r.body);
    expect(mine.map((b) => b.status)).toEqual(['Sent', 'Buffered', 'Failed']);
    expect(mine.map((b) => b.failureReason)).toEqual([undefined, undefined, 'AbsentSubscriber']);
    expect(reports.find((r) => r.body.phoneNumber === '+254733000111')?.body).toMatchObject({ status: 'Success', networkCode: '63903' });
  });

  it('sends none when no URL is set (the status is still kept), and none after a reset', async () => {
    sim.sms.setDeliveryReportUrl(null);
    await sendSms(sim.url, { to: PHONE, message: 'hello' });
    await waitUntil(() => sim.sms.messagesTo(PHONE)[0]?.deliveryReports.length === 1);
    sim.sms.setDeliveryReportUrl(receiver.url('/sms/delivery'));
    sim.sms.setBehaviour(PHONE, { deliveryReports: ['Success'] });
    await sendSms(sim.url, { to: PHONE, message: 'again' });
    sim.reset();
    await sleep(80);
    expect(receiver.received).toEqual([]);
    expect(sim.sms.deliveryReportUrl()).toBe(receiver.url('/sms/delivery'));
  });
});

/** A test in another process drives the simulator over HTTP only. */
async function control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${sim.url}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

describe('/sim/sms over HTTP', () => {
  it("lists a phone's messages newest first, every recipient, and the phones with messages", async () => {
    await sendSms(sim.url, { to: PHONE, message: 'first' });
    await sendSms(sim.url, { to: `${PHONE},+254110000001`, message: 'second' });
    const mine = await control('GET', `/sim/sms/messages?number=${encodeURIComponent('0712345678')}`);
    expect(mine).toMatchObject({ status: 200, body: [{ message: 'second' }, { message: 'first' }] });
    expect((await control('GET', '/sim/sms/messages')).body.map((m: { message: string }) => m.message)).toEqual(['first', 'second', 'second']);
    expect((await control('GET', '/sim/sms/recipients')).body).toEqual(['+254110000001', PHONE]);
    expect((await control('GET', '/sim/sms/messages?number=12')).status).toBe(400);
  });

  it('sets a behaviour, the report URL, and resets', async () => {
    expect((await control('POST', '/sim/sms/behaviours', { number: '0712345678', statusCode: 406 })).status).toBe(204);
    expect((await sendSms(sim.url, { to: PHONE, message: 'hello' })).body.SMSMessageData.Recipients[0].status).toBe('UserInBlacklist');
    expect((await control('POST', '/sim/sms/behaviours', { number: PHONE, statusCode: 999 })).status).toBe(400);
    expect((await control('POST', '/sim/sms/behaviours', { number: '+447911123456', statusCode: 406 })).status).toBe(400);
    expect((await control('POST', '/sim/sms/behaviours', { number: PHONE, deliveryReports: ['Delivered'] })).status).toBe(400);
    expect((await control('POST', '/sim/sms/delivery-report-url', { url: 'ftp://x' })).status).toBe(400);
    expect((await control('POST', '/sim/sms/delivery-report-url', { url: null })).status).toBe(204);
    expect(sim.sms.deliveryReportUrl()).toBeNull();
    expect((await control('POST', '/sim/sms/reset')).status).toBe(204);
    expect(sim.sms.sent()).toEqual([]);
    expect((await sendSms(sim.url, { to: PHONE, message: 'hello' })).body.SMSMessageData.Recipients[0].statusCode).toBe(101);
  });
});
