import { afterEach, describe, expect, it } from 'vitest';
import { AfricasTalkingSmsNotifier } from '../../src/index.js';
import { configFor, sms } from '../support/config.js';
import { startScriptedServer, type Script } from '../support/scripted-server.js';

/**
 * Faults the simulator does not play, from a real HTTP server: silence, a stalled body, a
 * gateway's HTML, replies of the wrong shape. Every one is an outcome (never a throw) that
 * says whether the outbox should try again, and none holds the number or the text.
 */
let server: Awaited<ReturnType<typeof startScriptedServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PHONE = '+254712345678';
const TIMEOUT_MS = 300;

async function sendAgainst(script: Script) {
  server = await startScriptedServer(script);
  const started = Date.now();
  const outcome = await new AfricasTalkingSmsNotifier(configFor(server.url, { timeoutMs: TIMEOUT_MS })).send(sms(PHONE), 'outbox-1');
  const text = JSON.stringify(outcome);
  expect(text).not.toContain('712345678');
  expect(text).not.toContain('482913');
  return { outcome, elapsedMs: Date.now() - started };
}

const reply = (status: number, body: unknown, type = 'application/json'): Script => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body), type });
const recipients = (Recipients: unknown[], Message = 'Sent to 1/1 Total Cost: KES 0.8000') => ({ SMSMessageData: { Message, Recipients } });

describe('the wire', () => {
  it('sends the headers and the form exactly', async () => {
    await sendAgainst(reply(201, recipients([{ statusCode: 101, number: PHONE, status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_1' }])));
    const [request] = server?.seen ?? [];
    expect(request).toMatchObject({ method: 'POST', path: '/version1/messaging' });
    expect(request?.headers).toMatchObject({ apikey: 'sim-at-api-key', accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      username: 'sandbox',
      to: PHONE,
      message: 'Escrow Delivery: your delivery code is 482913.',
      from: 'ESCROW',
      bulkSMSMode: '1',
      enqueue: '1',
    });
  });
});

describe('no answer in time', () => {
  it.each(['silent', 'stall-body'] as const)('%s: retried after the timeout, which bounds the whole exchange', async (stall) => {
    const { outcome, elapsedMs } = await sendAgainst(stall);
    expect(outcome).toEqual({ ok: false, retryable: true, reason: `Africa's Talking did not answer within ${TIMEOUT_MS} ms; the SMS to +254******678 may have gone out and is sent again` });
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('a host that refuses connections: retried, naming the cause', async () => {
    server = await startScriptedServer('silent');
    const url = server.url;
    await server.close();
    server = undefined;
    const outcome = await new AfricasTalkingSmsNotifier(configFor(url, { timeoutMs: TIMEOUT_MS })).send(sms(PHONE), 'k');
    expect(outcome).toMatchObject({ ok: false, retryable: true, reason: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('HTTP failures', () => {
  it.each([
    [500, '<html><body><h1>500 Internal Server Error</h1></body></html>', 'text/html', true],
    [502, '', 'text/plain', true],
    [503, 'Service Unavailable', 'text/plain', true],
    [429, 'Too Many Requests', 'text/plain', true],
    [400, 'Request is missing required form field \'to\'', 'text/plain', false],
    [404, 'Not found', 'text/plain', false],
  ] as const)('HTTP %i is %s', async (status, body, type, retryable) => {
    const { outcome } = await sendAgainst(reply(status, body, type));
    expect(outcome).toMatchObject({ ok: false, retryable, reason: expect.stringContaining(`HTTP ${status}`) });
  });

  it('quotes at most 120 characters of the reply on one line, digits of numbers and codes hidden', async () => {
    const { outcome } = await sendAgainst(reply(503, `Down for +254712345678 code 482913\n${'x'.repeat(300)}`, 'text/plain'));
    const reason = outcome.ok ? '' : outcome.reason;
    expect(reason).toContain('"Down for +#### code ####');
    expect(reason).not.toContain('\n');
    expect(reason.length).toBeLessThan(200);
  });
});

describe('replies this client cannot read', () => {
  it.each([
    ['not JSON', reply(201, 'Sent!', 'text/plain'), /not JSON \("Sent!"\)/],
    ['XML (no Accept: application/json honoured)', reply(201, '<AfricasTalkingResponse/>', 'application/xml'), /not JSON/],
    ['JSON of another shape', reply(201, { data: { sent: true } }), /cannot read \(SMSMessageData: /],
    ['a recipient without statusCode', reply(201, recipients([{ number: PHONE, status: 'Success', cost: '0', messageId: 'x' }])), /Recipients\.0\.statusCode/],
    ['an unknown statusCode', reply(201, recipients([{ statusCode: 409, number: PHONE, status: 'Weird', cost: '0', messageId: 'None' }])), /unknown statusCode 409 \("Weird"\)/],
    ['no recipient and a Message that is not a status', reply(201, recipients([], 'Something odd')), /took no recipient .*"Something odd"/],
  ] as const)('%s: retried (the SMS may have gone out; the outbox gives up after its attempts)', async (_what, script, reason) => {
    const { outcome } = await sendAgainst(script);
    expect(outcome).toEqual({ ok: false, retryable: true, reason: expect.stringMatching(reason) });
  });

  it('no recipient, and Message names a status: that status decides (InvalidSenderId retried, InvalidPhoneNumber refused)', async () => {
    expect((await sendAgainst(reply(201, recipients([], 'InvalidSenderId')))).outcome).toMatchObject({ ok: false, retryable: true, reason: expect.stringContaining('402 InvalidSenderId') });
    await server?.close();
    expect((await sendAgainst(reply(201, recipients([], 'InvalidPhoneNumber')))).outcome).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining('403 InvalidPhoneNumber') });
  });

  it('reads a numeric-string statusCode and a 200 as well as a 201; no providerId when the messageId is "None"', async () => {
    expect((await sendAgainst(reply(200, recipients([{ statusCode: '101', number: PHONE, status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_abc' }])))).outcome).toEqual({ ok: true, providerId: 'ATXid_abc', cost: 'KES 0.8000' });
    await server?.close();
    expect((await sendAgainst(reply(201, recipients([{ statusCode: 101, number: PHONE, status: 'Success', cost: 'KES 0.8000', messageId: 'None' }])))).outcome).toEqual({ ok: true, cost: 'KES 0.8000' });
  });

  it.each([
    ['KES 0.8000', 'KES 0.8000'],
    ['KES 1.6000', 'KES 1.6000'],
    ['USD 0.0070', 'USD 0.0070'],
    [' KES 0.8000 ', 'KES 0.8000'],
    ['KES 12', 'KES 12'],
    ['0', undefined],
    ['', undefined],
    ['KES', undefined],
    ['free', undefined],
    ['KES 0.8000; drop table', undefined],
  ])('keeps the recipient\'s cost %j as it reads (%j), leaving out what is not a currency and an amount', async (cost, kept) => {
    const { outcome } = await sendAgainst(reply(201, recipients([{ statusCode: 101, number: PHONE, status: 'Success', cost, messageId: 'ATXid_abc' }])));
    expect(outcome).toEqual({ ok: true, providerId: 'ATXid_abc', ...(kept ? { cost: kept } : {}) });
  });
});
