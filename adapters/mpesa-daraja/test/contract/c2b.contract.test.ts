import { createHash } from 'node:crypto';
import { SANDBOX_PASSKEY, startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { c2bConfirmationAck, c2bValidationAccept, c2bValidationReject, DarajaInputError, parseC2bPayload, type C2bPayload } from '../../src/index.js';
import { startCallbackReceiver } from '../support/callback-receiver.js';
import { countingFetch, simClient } from '../support/sim-client.js';

let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver((path) => ({ json: path.includes('validate') ? c2bValidationAccept() : c2bConfirmationAck() }));
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const urls = () => ({ confirmationUrl: receiver.url('/hooks/c2b/confirm'), validationUrl: receiver.url('/hooks/c2b/validate'), responseType: 'Completed' as const });

function payload(body: unknown): C2bPayload {
  const parsed = parseC2bPayload(body);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('C2B on the default simulator (no external validation, hashed MSISDN)', () => {
  let sim: DarajaSim;
  beforeAll(async () => {
    sim = await startDarajaSim({ callbackDelayMs: 10 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('registers the URLs, simulates a payment, and the confirmation parses to exact cents', async () => {
    const client = simClient(sim);
    expect(await client.registerC2bUrls(urls())).toMatchObject({ alreadyRegistered: false, responseDescription: 'Success' });
    const simulated = await client.simulateC2b({ amountShillings: 1_501, msisdn: '0708374149', billRefNumber: 'EDK7Q2M4XP' });
    expect(simulated.responseCode).toBe('0');

    const [confirmation] = await receiver.waitFor('/hooks/c2b/confirm');
    const paid = payload(confirmation?.body);
    expect(paid).toMatchObject({ transactionType: 'Pay Bill', amountCents: 150_100, businessShortCode: '174379', billRefNumber: 'EDK7Q2M4XP' });
    expect(paid.transId).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.transTime).toMatch(/^\d{14}$/);
    // Kept as sent: the SHA-256 hex of the number, which can only be compared, not dialled.
    expect(paid.msisdn).toBe(createHash('sha256').update('254708374149').digest('hex'));
    expect(receiver.on('/hooks/c2b/validate')).toEqual([]);
  });

  it('a customer paying the paybill from the phone is confirmed the same way', async () => {
    const client = simClient(sim);
    await client.registerC2bUrls(urls());
    const result = await sim.payBill({ msisdn: '254708374149', account: 'EDK7Q2M4XP', amount: 99 });
    expect(result.completed).toBe(true);
    const [confirmation] = await receiver.waitFor('/hooks/c2b/confirm');
    expect(payload(confirmation?.body)).toMatchObject({ transId: result.transId, amountCents: 9_900 });
  });

  it('refuses a URL with a forbidden word before sending it', async () => {
    const wire = countingFetch();
    const client = simClient(sim, {}, { fetch: wire.fetch });
    await expect(client.registerC2bUrls({ ...urls(), confirmationUrl: receiver.url('/mpesa/confirm') })).rejects.toBeInstanceOf(DarajaInputError);
    expect(wire.count('/mpesa/c2b/v1/registerurl')).toBe(0);
  });

  it('simulateC2b is refused by the client in production, whatever the host', async () => {
    const client = simClient(sim, { environment: 'production' });
    await expect(client.simulateC2b({ amountShillings: 5, msisdn: '254708374149', billRefNumber: 'x' })).rejects.toBeInstanceOf(DarajaInputError);
  });
});

describe('C2B with external validation (masked MSISDN)', () => {
  let sim: DarajaSim;
  beforeAll(async () => {
    sim = await startDarajaSim({ callbackDelayMs: 10, msisdnFormat: 'masked', shortCodes: [{ shortCode: '174379', passkey: SANDBOX_PASSKEY, externalValidation: true }] });
    await simClient(sim).registerC2bUrls(urls());
  });
  afterAll(async () => {
    await sim.close();
  });

  it('the validation request parses (blank balance) and our accept lets the payment through', async () => {
    receiver.answerWith((path) => ({ json: path.includes('validate') ? c2bValidationAccept() : c2bConfirmationAck() }));
    const result = await sim.payBill({ msisdn: '254708374149', account: 'EDK7Q2M4XP', amount: 250 });
    expect(result).toMatchObject({ completed: true, resultCode: '0' });
    const [validation] = receiver.on('/hooks/c2b/validate');
    expect(payload(validation?.body)).toMatchObject({ transId: result.transId, amountCents: 25_000, orgAccountBalance: '', msisdn: '2547 ***** 149' });
    const [confirmation] = await receiver.waitFor('/hooks/c2b/confirm');
    expect(payload(confirmation?.body).orgAccountBalance).toMatch(/^\d+\.\d{2}$/);
  });

  it('our reject (C2B00012, unknown account number) refuses the payment: no confirmation', async () => {
    receiver.answerWith((path) => ({ json: path.includes('validate') ? c2bValidationReject('C2B00012') : c2bConfirmationAck() }));
    const result = await sim.payBill({ msisdn: '254708374149', account: 'NO-SUCH-ORDER', amount: 250 });
    expect(result).toMatchObject({ completed: false, resultCode: 'C2B00012' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.on('/hooks/c2b/confirm')).toEqual([]);
  });
});
