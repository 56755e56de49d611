import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim, type MsisdnFormat } from '../src/index.js';
import { CallbackReceiver, sleep, waitUntil } from './helpers/callback-receiver.js';
import { DarajaClient, expectDarajaError, PASSKEY } from './helpers/daraja-client.js';

const PAYBILL = '600000'; // external validation on
const PLAIN_PAYBILL = '174379'; // external validation off, as Daraja's default
const PAYER = '254708374126';
const C2B_KEYS = ['TransactionType', 'TransID', 'TransTime', 'TransAmount', 'BusinessShortCode', 'BillRefNumber', 'InvoiceNumber', 'OrgAccountBalance', 'ThirdPartyTransID', 'MSISDN', 'FirstName', 'MiddleName', 'LastName'];

let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await CallbackReceiver.start();
});
afterAll(() => receiver.close());

async function startSim(msisdnFormat?: MsisdnFormat): Promise<DarajaSim> {
  return startDarajaSim({
    msisdnFormat,
    callbackDelayMs: 10,
    callbackTimeoutMs: 300,
    shortCodes: [
      { shortCode: PLAIN_PAYBILL, passkey: PASSKEY },
      { shortCode: PAYBILL, passkey: PASSKEY, externalValidation: true, name: 'ESCROW LTD' },
    ],
  });
}

function register(client: DarajaClient, shortCode: string, overrides: Record<string, unknown> = {}) {
  return client.post('/mpesa/c2b/v1/registerurl', {
    ShortCode: shortCode,
    ResponseType: 'Completed',
    ConfirmationURL: receiver.url(`/c2b/${shortCode}/confirmation`),
    ValidationURL: receiver.url(`/c2b/${shortCode}/validation`),
    ...overrides,
  });
}

function simulate(client: DarajaClient, overrides: Record<string, unknown> = {}) {
  return client.post('/mpesa/c2b/v1/simulate', { ShortCode: PLAIN_PAYBILL, CommandID: 'CustomerPayBillOnline', Amount: 5, Msisdn: PAYER, BillRefNumber: 'TRK-0001', ...overrides });
}

describe('C2B register URL', () => {
  let sim: DarajaSim;
  let client: DarajaClient;
  beforeAll(async () => {
    sim = await startSim();
    client = new DarajaClient(sim.url);
  });
  afterAll(() => sim.close());

  it('registers on v1 and v2, replying with the (sic) OriginatorCoversationID', async () => {
    for (const path of ['/mpesa/c2b/v1/registerurl', '/mpesa/c2b/v2/registerurl']) {
      const reply = await client.post(path, { ShortCode: PLAIN_PAYBILL, ResponseType: 'Completed', ConfirmationURL: receiver.url('/c2b/confirmation'), ValidationURL: receiver.url('/c2b/validation') });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['OriginatorCoversationID', 'ResponseCode', 'ResponseDescription']);
      expect(reply.body).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Success' });
    }
  });

  it('refuses URLs with the words Daraja forbids, bad URLs and a bad ResponseType', async () => {
    for (const word of ['M-PESA', 'mpesa', 'Safaricom', 'exe', 'cmd', 'SQL', 'query']) {
      expectDarajaError(await register(client, PLAIN_PAYBILL, { ConfirmationURL: receiver.url(`/hooks/${word}/confirmation`) }), 400, '400.002.02', 'Bad Request - Invalid ConfirmationURL');
    }
    expectDarajaError(await register(client, PLAIN_PAYBILL, { ValidationURL: 'localhost/validation' }), 400, '400.002.02', 'Bad Request - Invalid ValidationURL');
    expectDarajaError(await register(client, PLAIN_PAYBILL, { ResponseType: 'completed' }), 400, '400.002.02', 'Bad Request - Invalid ResponseType');
    expectDarajaError(await register(client, '123456'), 500, '500.001.1001', 'Merchant does not exist');
  });

  it('refuses a Paybill simulation without the account number', async () => {
    expectDarajaError(await simulate(client, { BillRefNumber: undefined }), 400, '400.002.02', 'Bad Request - Invalid BillRefNumber');
    expectDarajaError(await simulate(client, { Amount: 5.5 }), 400, '400.002.02', 'Bad Request - Invalid Amount');
    expectDarajaError(await simulate(client, { Msisdn: '0708374126' }), 400, '400.002.02', 'Bad Request - Invalid Msisdn');
  });
});

describe('C2B confirmation payload, per msisdnFormat', () => {
  const expectedMsisdn: Record<MsisdnFormat, string> = {
    sha256: createHash('sha256').update(PAYER).digest('hex'),
    masked: '2547 ***** 126',
    plain: PAYER,
  };
  it.each(['sha256', 'masked', 'plain'] as const)('%s', async (format) => {
    const sim = await startSim(format);
    receiver.clear();
    try {
      const client = new DarajaClient(sim.url);
      await register(client, PLAIN_PAYBILL);
      const reply = await simulate(client);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
      const [confirmation] = await receiver.waitFor(`/c2b/${PLAIN_PAYBILL}/confirmation`);
      const body = confirmation!.body as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(C2B_KEYS);
      for (const key of C2B_KEYS) expect(typeof body[key], key).toBe('string');
      expect(body).toMatchObject({ TransactionType: 'Pay Bill', TransAmount: '5.00', BusinessShortCode: PLAIN_PAYBILL, BillRefNumber: 'TRK-0001', InvoiceNumber: '', ThirdPartyTransID: '', OrgAccountBalance: '5.00', MSISDN: expectedMsisdn[format] });
      expect(body.TransID).toMatch(/^[A-Z0-9]{10}$/);
      expect(body.TransTime).toMatch(/^20\d{12}$/);
      // External validation is off for this shortcode: no validation request was made.
      expect(receiver.on(`/c2b/${PLAIN_PAYBILL}/validation`)).toEqual([]);
      await waitUntil(() => sim.callbacks().length > 0);
      expect(sim.callbacks().map((c) => c.kind)).toEqual(['c2b_confirmation']);
    } finally {
      await sim.close();
    }
  });
});

describe('a payment of its own MSISDN format (payBill msisdnFormat)', () => {
  it('a simulator showing plain MSISDNs sends one payment\'s hashed, and the next plain again', async () => {
    const sim = await startSim('plain');
    receiver.clear();
    try {
      await register(new DarajaClient(sim.url), PLAIN_PAYBILL);
      expect(await sim.payBill({ msisdn: PAYER, shortCode: PLAIN_PAYBILL, account: 'TRK-0003', amount: 5, msisdnFormat: 'sha256' })).toMatchObject({ completed: true });
      expect(await sim.payBill({ msisdn: PAYER, shortCode: PLAIN_PAYBILL, account: 'TRK-0004', amount: 5 })).toMatchObject({ completed: true });
      const confirmations = await receiver.waitFor(`/c2b/${PLAIN_PAYBILL}/confirmation`, 2);
      expect(confirmations.map((c) => (c.body as Record<string, unknown>)['MSISDN'])).toEqual([createHash('sha256').update(PAYER).digest('hex'), PAYER]);
      await expect(sim.payBill({ msisdn: PAYER, shortCode: PLAIN_PAYBILL, account: 'TRK-0005', amount: 5, msisdnFormat: 'base64' as never })).rejects.toThrow(/msisdnFormat/);
    } finally {
      await sim.close();
    }
  });
});

describe('C2B with external validation', () => {
  let sim: DarajaSim;
  let client: DarajaClient;
  beforeAll(async () => {
    sim = await startSim('plain');
    client = new DarajaClient(sim.url);
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    receiver.clear();
  });

  it('asks the validation URL first (OrgAccountBalance blank), then confirms', async () => {
    await register(client, PAYBILL);
    const result = await sim.payBill({ msisdn: PAYER, shortCode: PAYBILL, account: 'TRK-0002', amount: 1500, firstName: 'Wanjiru' });
    expect(result).toMatchObject({ completed: true, resultCode: '0' });
    const [validation] = receiver.on(`/c2b/${PAYBILL}/validation`);
    const [confirmation] = receiver.on(`/c2b/${PAYBILL}/confirmation`);
    expect(validation!.body).toMatchObject({ TransID: result.transId, OrgAccountBalance: '', TransAmount: '1500.00', FirstName: 'Wanjiru', BillRefNumber: 'TRK-0002' });
    expect(confirmation!.body).toMatchObject({ TransID: result.transId, OrgAccountBalance: '1500.00', TransAmount: '1500.00' });
    expect(sim.callbacks().map((c) => c.kind)).toEqual(['c2b_validation', 'c2b_confirmation']);
  });

  it('a rejection (C2B000nn) means no confirmation', async () => {
    await register(client, PAYBILL);
    receiver.reply(`/c2b/${PAYBILL}/validation`, { body: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } });
    const result = await sim.payBill({ msisdn: PAYER, shortCode: PAYBILL, account: 'NO-SUCH', amount: 100 });
    expect(result).toEqual({ transId: expect.stringMatching(/^[A-Z0-9]{10}$/), completed: false, resultCode: 'C2B00012', resultDesc: 'Rejected' });
    await sleep(50);
    expect(receiver.on(`/c2b/${PAYBILL}/confirmation`)).toEqual([]);
  });

  it('the simulate endpoint goes through the same validation', async () => {
    await register(client, PAYBILL);
    receiver.reply(`/c2b/${PAYBILL}/validation`, { body: { ResultCode: 'C2B00013', ResultDesc: 'Rejected' } });
    expect((await simulate(client, { ShortCode: PAYBILL })).status).toBe(200);
    await receiver.waitFor(`/c2b/${PAYBILL}/validation`);
    await sleep(50);
    expect(receiver.on(`/c2b/${PAYBILL}/confirmation`)).toEqual([]);
  });

  it('a validation URL that does not answer in time falls back on ResponseType', async () => {
    receiver.reply(`/c2b/${PAYBILL}/validation`, { delayMs: 1_000 });
    await register(client, PAYBILL, { ResponseType: 'Completed' });
    expect(await sim.payBill({ msisdn: PAYER, shortCode: PAYBILL, account: 'A1', amount: 10 })).toMatchObject({ completed: true });
    expect(receiver.on(`/c2b/${PAYBILL}/confirmation`)).toHaveLength(1);
    await register(client, PAYBILL, { ResponseType: 'Cancelled' });
    expect(await sim.payBill({ msisdn: PAYER, shortCode: PAYBILL, account: 'A2', amount: 10 })).toMatchObject({ completed: false });
    expect(receiver.on(`/c2b/${PAYBILL}/confirmation`)).toHaveLength(1);
    expect(sim.callbacks().filter((c) => c.kind === 'c2b_validation').map((c) => c.status)).toEqual(['timeout', 'timeout']);
  });

  it('a reset during validation abandons the payment: no confirmation reaches the next test', async () => {
    await register(client, PAYBILL);
    receiver.reply(`/c2b/${PAYBILL}/validation`, { delayMs: 200 });
    const paying = sim.payBill({ msisdn: PAYER, shortCode: PAYBILL, account: 'A3', amount: 10 });
    await receiver.waitFor(`/c2b/${PAYBILL}/validation`);
    sim.reset();
    expect(await paying).toMatchObject({ completed: false, resultCode: 'abandoned' });
    await sleep(100);
    expect(receiver.on(`/c2b/${PAYBILL}/confirmation`)).toEqual([]);
    expect(sim.callbacks()).toEqual([]);
  });

  it('a Buy Goods simulation is typed "Buy Goods" and needs no account number', async () => {
    await register(client, PLAIN_PAYBILL);
    expect((await simulate(client, { CommandID: 'CustomerBuyGoodsOnline', BillRefNumber: null })).status).toBe(200);
    const [confirmation] = await receiver.waitFor(`/c2b/${PLAIN_PAYBILL}/confirmation`);
    expect(confirmation!.body).toMatchObject({ TransactionType: 'Buy Goods', BillRefNumber: '' });
  });

  it('payBill() checks its input', async () => {
    await expect(sim.payBill({ msisdn: '0708374126', account: 'A', amount: 10 })).rejects.toThrow(/msisdn/);
    await expect(sim.payBill({ msisdn: PAYER, account: 'A', amount: 10.5 })).rejects.toThrow(/amount/);
    await expect(sim.payBill({ msisdn: PAYER, shortCode: '999999', account: 'A', amount: 10 })).rejects.toThrow(/999999/);
  });
});
