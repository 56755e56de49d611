import { FILE_SWEEP_JOB, LEASED_JOBS } from '@escrow/core';
import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { startS3Server, type S3Server } from '@escrow/storage-s3/testing';
import { addRider, assignRider, buyerHeaders, createOrder, fetchTransport, freshEmail, freshMpesaReceipt, riderCredentials, riderHeaders, riderSteps, seedCall, signUpSeller, viewKeyOf, type SeedTransport } from '@escrow/test-kit';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darajaSimulatorEnv } from '../../../../scripts/daraja-sim-env.mjs';
import { c2bConfirmationBody, c2bConfirmationPath } from '../helpers/c2b-confirmation.js';
import { eventually } from '../helpers/late-server.js';
import { adminCli, startTwoMachines, type Machine, type TwoMachines } from './two-machines.js';

// Every background job once across machines (issue 22): two API processes as on two machines
// (one PostgreSQL, one bucket, M-Pesa the simulator), and every background job of each started
// 10 times at once on both, from outside, as an operator would (kill -USR2, Composed.runJobsNow).
// The rounds' own timers are an hour apart here, so what runs, runs because it was asked. Each
// job's effect is counted where it lands: M-Pesa's requests (the simulator) and the database.

const postgres = await postgresForTests('every job once across two API processes');
const STEP_MS = 240_000;
/** The seller's payout phone, as M-Pesa writes it (the profile's 0712345678). */
const SELLER_MSISDN = '254712345678';
const BUYER_MSISDN = '254722555901';
/** How long a step may take across two processes beside the rest of the suite. */
const WAIT_MS = 60_000;

let s3: S3Server;
let sim: DarajaSim;
let machines: TwoMachines;

beforeAll(async () => {
  if (!postgres.available) return;
  s3 = await startS3Server();
  sim = await startDarajaSim({ callbackDelayMs: 20 });
  machines = await startTwoMachines(postgres.url, s3, {
    machineEnv: (port) => ({
      ...darajaSimulatorEnv(sim.url),
      MPESA_CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
      MPESA_REGISTER_C2B_URLS: 'off',
      MPESA_TIMEOUT_MS: '3000',
      MPESA_PAYOUTS: 'automatic',
      // No round on a timer during the test: only the deliveries' own wake and the signals start one.
      MPESA_PAYOUT_INTERVAL_SECONDS: '3600',
      MPESA_PAYOUT_RESULT_WAIT_SECONDS: '1',
      MPESA_PAYOUT_STATUS_CHECK_SECONDS: '1',
    }),
  });
}, STEP_MS);

afterAll(async () => {
  await machines?.close();
  await sim?.close();
  await s3?.close();
}, 60_000);

/** kill -USR2, 10 times to each machine, alternating, back to back (the kernel may fold a signal still pending into the next). */
function runEveryJob10TimesOnEach(...on: Machine[]): void {
  for (let i = 0; i < 10; i += 1) for (const machine of on) process.kill(machine.api.pid, 'SIGUSR2');
}

/** The lines both machines logged with a message that starts so. */
const logged = (message: string): number => [machines.a, machines.b].reduce((n, m) => n + m.api.output().split('\n').filter((line) => line.includes(`"message":"${message}`)).length, 0);

/** An order made through `made`, paid as M-Pesa does (confirmation and the buyer's receipt), a rider assigned, accepted and picked up: answers what delivering it needs. */
async function pickedUp(seller: SeedTransport, made: Machine, rider: { readonly id: string }): Promise<{ orderId: string; deliveryCode: string; rider: SeedTransport }> {
  const order = await createOrder(seller);
  const receipt = freshMpesaReceipt();
  const confirmed = await fetch(`${made.base}${c2bConfirmationPath()}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(c2bConfirmationBody({ transId: receipt, billRefNumber: order.trackingNumber, amountCents: order.price })) });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const buyer = fetchTransport(made.base, buyerHeaders(viewKeyOf(order.links.buyer)));
  // The receipt proves the payer: the answer carries the delivery code (issue 16).
  const paid = await seedCall<{ deliveryCode: string }>(buyer, { method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, json: { termsAccepted: true, mpesaReceipt: receipt } }, 200, 'confirm payment');
  const assigned = await assignRider(seller, order.id, { riderId: rider.id });
  const riderLink = assigned.links.rider ?? '';
  const onMachine = fetchTransport(made.base, riderHeaders(riderLink));
  const steps = riderSteps(onMachine, riderCredentials(riderLink).orderId);
  await steps.accept();
  await steps.pickup();
  return { orderId: order.id, deliveryCode: paid.deliveryCode, rider: onMachine };
}

describe.runIf(postgres.available)('two API processes, every background job started 10 times at once on each (kill -USR2)', () => {
  it('asks M-Pesa once about each payout whose Result was lost, settles each order once, and the ledger holds', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    const seller = fetchTransport(a.base);
    await signUpSeller(seller, freshEmail('jobs-seller'), { businessName: 'Every Job Once Phones' });
    const rider = await addRider(seller);
    // M-Pesa pays each payout and its Result never comes: only a Transaction Status query finds out.
    sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success', result: 'lost' });
    const orders = [await pickedUp(seller, a, rider), await pickedUp(seller, b, rider), await pickedUp(seller, a, rider), await pickedUp(seller, b, rider)];
    // Delivered: each order's payout is sent at once by the machine that took the code (its wake).
    for (const order of orders) await riderSteps(order.rider, order.orderId).complete(order.deliveryCode);
    const ids = orders.map((o) => o.orderId);
    const payouts = () => machines.query<{ order_id: string; state: string; status_checks: number; originator_conversation_id: string | null; next_attempt_at: string | null }>('select order_id, state, status_checks, originator_conversation_id, next_attempt_at from payouts where order_id = any($1)', [ids]);
    // Each payout sent and accepted by M-Pesa, and past its Result wait (1 s): due a status query, which only a round sends.
    const due = await eventually(async () => {
      const rows = await payouts();
      const now = new Date().toISOString();
      return rows.length === orders.length && rows.every((r) => r.state === 'sent' && r.next_attempt_at !== null && r.next_attempt_at <= now && sim.payouts.list().some((p) => p.originatorConversationId === r.originator_conversation_id)) ? rows : undefined;
    }, WAIT_MS);
    expect(due.every((p) => p.status_checks === 0)).toBe(true);

    runEveryJob10TimesOnEach(a, b);
    const done = await eventually(async () => {
      const rows = await payouts();
      return rows.every((r) => r.state === 'succeeded') ? rows : undefined;
    }, WAIT_MS);

    // Once each: one B2C request, one status query (in the database and at M-Pesa).
    const byOriginator = new Map(sim.payouts.list().map((p) => [p.originatorConversationId, p]));
    expect(done.map((p) => byOriginator.get(p.originator_conversation_id ?? '')?.requests)).toEqual(orders.map(() => 1));
    expect(done.map((p) => p.status_checks)).toEqual(orders.map(() => 1));
    const statusResults = sim.callbacks().filter((c) => /\/payouts\/status\/result$/.test(new URL(c.url).pathname));
    expect(statusResults).toHaveLength(orders.length);
    const settled = await eventually(async () => {
      const rows = await machines.query<{ status: string }>('select status from orders where id = any($1)', [ids]);
      return rows.every((r) => r.status === 'settlement_completed') ? rows : undefined;
    }, WAIT_MS);
    expect(settled).toHaveLength(orders.length);
    const ledger = await adminCli(a, ['ledger', 'check']);
    expect(ledger.code, `${ledger.stdout}${ledger.stderr}`).toBe(0);
  });

  it('queries an STK prompt whose callback was lost once, and pays its order once', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    const seller = fetchTransport(b.base);
    await signUpSeller(seller, freshEmail('jobs-stk-seller'), { businessName: 'Every Job Once Prompts' });
    const order = await createOrder(seller);
    // The buyer approves with the PIN; M-Pesa's callback never reaches us.
    sim.setStkBehaviour(BUYER_MSISDN, { outcome: 'approve', callback: 'lost' });
    const buyer = fetchTransport(a.base, buyerHeaders(viewKeyOf(order.links.buyer)));
    await seedCall(buyer, { method: 'POST', path: `/api/buyer/orders/${order.id}/mpesa-prompt`, json: { phone: `0${BUYER_MSISDN.slice(3)}` } }, 202, 'M-Pesa prompt');
    const prompt = await eventually(async () => sim.prompts().find((p) => p.accountReference === order.trackingNumber && p.status === 'succeeded'), WAIT_MS);
    // Its first query would come 60 s after the push: made due now.
    const due = await machines.query('update stk_requests set next_query_at = $1 where checkout_request_id = $2 returning id', [new Date(Date.now() - 1_000).toISOString(), prompt.checkoutRequestId]);
    expect(due).toHaveLength(1);

    runEveryJob10TimesOnEach(a, b);
    await eventually(async () => ((await machines.query<{ status: string }>('select status from orders where id = $1', [order.id]))[0]?.status === 'paid' ? true : undefined), WAIT_MS);

    expect(sim.prompts().find((p) => p.checkoutRequestId === prompt.checkoutRequestId)?.queries).toBe(1);
    expect(await machines.query('select queries from stk_requests where checkout_request_id = $1', [prompt.checkoutRequestId])).toEqual([{ queries: 1 }]);
    expect(await machines.query("select kind from ledger_postings where order_id = $1 and kind = 'payment_in'", [order.id])).toEqual([{ kind: 'payment_in' }]);
  });

  it('runs the once-an-hour and once-a-day jobs once across both machines, however often asked: the expired-rows sweep, the file sweep, the day\'s payout reconciliation', { timeout: STEP_MS }, async () => {
    // The tests above asked too: the period's run happened then or happens now, once.
    runEveryJob10TimesOnEach(machines.a, machines.b);
    const ran = () => ({ rows: logged('expired rows swept'), files: logged('file sweep done'), payouts: logged('payout reconciliation: ') });
    await eventually(async () => (Object.values(ran()).every((n) => n > 0) ? true : undefined), 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(ran())}\n${machines.a.api.output().slice(-3000)}`);
    });
    runEveryJob10TimesOnEach(machines.a, machines.b);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(ran()).toEqual({ rows: 1, files: 1, payouts: 1 });
    // Each period's lease is held by one machine, for the rest of its period.
    const leases = await machines.query<{ name: string }>('select name from job_leases where name = any($1) and lease_until > $2 order by name', [[LEASED_JOBS.expiredRowsSweep, LEASED_JOBS.payoutReconciliationDaily, FILE_SWEEP_JOB], new Date().toISOString()]);
    expect(leases.map((l) => l.name)).toEqual([LEASED_JOBS.expiredRowsSweep, LEASED_JOBS.payoutReconciliationDaily, FILE_SWEEP_JOB].sort());
  });
});
