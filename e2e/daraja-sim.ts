// Paying an order the way M-Pesa does (decision 0042): the buyer pays the Paybill on the Daraja
// simulator (apps/daraja-sim, started by playwright.config.ts), which POSTs the C2B confirmation
// to the API's callback URL (registered by the API at start-up); the confirmation pays the order.
// A receipt typed on the buyer page is only a claim until then.
//
// The requests are @escrow/test-kit/daraja-sim's (the simulator's controls over HTTP, the same
// client the API tests can use); this file adds what the browser tests need around them: the
// simulator of playwright.config.ts, who paid which order, and Playwright's polling.
import { expect } from '@playwright/test';
import { freshPhone } from '@escrow/test-kit';
import { darajaSimClient, type DarajaSimClient, type PayoutBehaviour, type SimPayout } from '@escrow/test-kit/daraja-sim';

export type { PayoutBehaviour, SimPayout };

/** The simulator's origin, e.g. http://127.0.0.1:41234. */
export function simUrl(): string {
  const port = process.env.E2E_SIM_PORT;
  if (!port) throw new Error('E2E_SIM_PORT is not set (see playwright.config.ts)');
  return `http://127.0.0.1:${port}`;
}

/** The controls of the simulator playwright.config.ts started. */
export const sim = (): DarajaSimClient => darajaSimClient(simUrl());

/** What a Paybill payer sends for a price in cents: whole shillings, rounded up. */
export const wholeShillings = (cents: number): number => Math.ceil(cents / 100);

/**
 * A Paybill payment on the simulator for the order (account number = its tracking number; amount
 * = its price in whole shillings, rounded up, unless `shillings` says otherwise). The simulator
 * answers once the API answered the C2B confirmation, which this checks was taken (HTTP 200,
 * ResultCode 0). Answers M-Pesa's receipt: the confirmation's TransID.
 */
export async function payPaybill(
  order: { readonly trackingNumber: string; readonly price: number },
  options: { msisdn?: string; shillings?: number; msisdnFormat?: 'sha256' | 'masked' | 'plain' } = {},
): Promise<string> {
  const msisdn = options.msisdn ?? freshPhone().msisdn;
  payers.set(order.trackingNumber, msisdn);
  // msisdnFormat: how this payment's confirmation shows the phone (the browser tests' simulator shows it plain).
  return sim().payBillConfirmed({ msisdn, account: order.trackingNumber, amount: options.shillings ?? wholeShillings(order.price), ...(options.msisdnFormat ? { msisdnFormat: options.msisdnFormat } : {}) });
}

/** Waits until `read` shows the order paid (the C2B confirmation is taken before the simulator answers; this allows for a slow machine). */
export async function waitUntilPaid(read: () => Promise<{ readonly paymentConfirmed: boolean }>, what: string): Promise<void> {
  await expect.poll(async () => (await read()).paymentConfirmed, { message: `${what} reads paid`, timeout: 15_000, intervals: [100, 250, 500, 1_000] }).toBe(true);
}

/** Who paid each order (by tracking number) through payPaybill: the phone the code is sent to. */
const payers = new Map<string, string>();

/** The MSISDN (2547XXXXXXXX) that paid the order through payPaybill. */
export function payerOf(order: { readonly trackingNumber: string }): string {
  const msisdn = payers.get(order.trackingNumber);
  if (!msisdn) throw new Error(`payerOf: who paid ${order.trackingNumber}?`);
  return msisdn.replace(/^\+/, '');
}

/**
 * The delivery code as the payer gets it (issue 16): the SMS M-Pesa's payer receives once the
 * payment is verified, read from the simulator's SMS inbox of the phone that paid (the simulator
 * gives plain MSISDNs in these tests: playwright.config.ts). `phone`: the payer's number when it
 * did not pay through payPaybill (an M-Pesa prompt), as 2547XXXXXXXX or +2547XXXXXXXX.
 */
/** The code in the payer's SMS, in the buyer's language (the order keeps it, decision 0066): English or Swahili. */
const DELIVERY_CODE_IN_SMS = /(?:delivery code is|Msimbo wako wa uwasilishaji ni) (\d{6})/;

export async function readDeliveryCodeSms(order: { readonly trackingNumber: string }, phone?: string, timeoutMs = 15_000): Promise<string> {
  const msisdn = (phone ?? payers.get(order.trackingNumber) ?? '').replace(/^\+/, '');
  if (!msisdn) throw new Error(`readDeliveryCodeSms: who paid ${order.trackingNumber}?`);
  const inbox = sim().sms;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await inbox.messagesTo(`+${msisdn}`);
        code = messages.map((sms) => (sms.message.includes(order.trackingNumber) ? DELIVERY_CODE_IN_SMS.exec(sms.message)?.[1] : undefined)).find((c) => c !== undefined);
        return code !== undefined;
      },
      { message: `the delivery code SMS for ${order.trackingNumber} to +${msisdn}`, timeout: timeoutMs, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return code ?? '';
}

/** Sets how M-Pesa (the simulator) answers payouts to `receiver` (2547XXXXXXXX), through its HTTP controls. */
export async function setPayoutBehaviour(receiver: string, behaviour: PayoutBehaviour): Promise<void> {
  await sim().payouts.setBehaviour(receiver, behaviour);
}

/** The payouts M-Pesa (the simulator) was asked for about an order (its tracking number is the Occasion). */
export async function simPayoutsFor(trackingNumber: string): Promise<SimPayout[]> {
  return (await sim().payouts.list()).filter((p) => p.occasion === trackingNumber);
}

/** An M-Pesa receipt as the seller's order view shows it: its last three characters (decision 0047: typing the whole one binds a browser as the payer's). */
export const receiptAsSellerSeesIt = (receipt: string | null | undefined): string =>
  receipt && /^[A-Z0-9]{10}$/.test(receipt) ? `•••••••${receipt.slice(-3)}` : `(not an M-Pesa receipt: ${String(receipt)})`;
