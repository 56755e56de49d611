import { confirmPayment, createOrder, cryptoRandom, feePolicy, recordC2bPayment, requestStkPayment, systemClock, type Cents, type EscrowDeps } from '@escrow/core';
import { SANDBOX_PASSKEY, startDarajaSim } from '@escrow/daraja-sim';
import { createDarajaClient, DarajaMpesaGateway } from '@escrow/mpesa-daraja';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseForProcesses, postgresTarget, seedSeller, sqliteTarget } from '@escrow/db-kysely/testing';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { loadMpesaCallbackSecret } from '@escrow/db-kysely';
import { darajaSimulatorEnv } from '../../../scripts/daraja-sim-env.mjs';
import { cli } from './support/run-cli.js';

const postgres = await postgresForTests('escrow-admin payments');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(postgres.available ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('escrow-admin payments on %s (a real process)', (dialect) => {
  it('lists claims and unmatched Paybill payments, and reconcile settles a prompt whose callback was lost', { timeout: 90_000 }, async () => {
    const harness = await databaseForProcesses(dialect === 'sqlite' ? sqliteTarget : postgresTarget(postgres.url), { poolSize: 2 });
    cleanups.push(harness.dispose);
    const sim = await startDarajaSim({ callbackDelayMs: 10 });
    cleanups.push(() => sim.close());
    const mpesaEnv = { MPESA_ENVIRONMENT: 'sandbox', MPESA_BASE_URL: sim.url, MPESA_CONSUMER_KEY: 'sim-consumer-key', MPESA_CONSUMER_SECRET: 'sim-consumer-secret', MPESA_SHORTCODE: '174379', MPESA_PASSKEY: SANDBOX_PASSKEY };
    const fees = feePolicy(250);
    if (!fees.ok) throw new Error('fees');
    const gateway = new DarajaMpesaGateway(createDarajaClient({ environment: 'sandbox', baseUrl: sim.url, consumerKey: 'sim-consumer-key', consumerSecret: 'sim-consumer-secret', shortcode: '174379', passkey: SANDBOX_PASSKEY, transactionType: 'CustomerPayBillOnline', partyB: '174379', timeoutMs: 3_000 }), 'http://127.0.0.1:9/nobody-listens');
    const deps: EscrowDeps = { store: harness.store, clock: systemClock, random: cryptoRandom, payments: { verify: async () => ({ status: 'unverifiable' }) }, fees: fees.value, mpesa: gateway };
    const seller = await seedSeller(harness);
    const order = async () => {
      const made = await createOrder(deps, { actor: { kind: 'seller', sellerId: seller.id }, input: { itemName: 'Phone', price: 1_500_00, buyerName: 'Njeri', buyerPhone: '0722000111', buyerAddress: 'Ngong Road', deliveryCost: 100_00 } });
      if (!made.ok) throw new Error(made.error.code);
      return made.value;
    };
    const claimed = await order();
    expect(await confirmPayment(deps, { orderId: claimed.id, actor: { kind: 'buyer', deliveryCode: claimed.deliveryCode }, mpesaReceipt: 'CLAIM00001', termsAccepted: true })).toMatchObject({ ok: true, value: { paymentConfirmed: false } });
    await recordC2bPayment(deps, { transId: 'STRAY00001', billRefNumber: 'NOSUCHORDER', amount: 500_00 as Cents, msisdn: 'hash', payerName: 'WANJIKU', businessShortCode: '174379', transTime: '20261125120000' });
    const prompted = await order();
    sim.setStkBehaviour('254722000222', { outcome: 'approve', callback: 'lost' });
    expect(await requestStkPayment(deps, { orderId: prompted.id, actor: { kind: 'buyer', deliveryCode: prompted.deliveryCode }, phone: '0722000222' })).toMatchObject({ ok: true, value: { state: 'waiting' } });

    const listed = await cli(['payments', 'list', '--unverified'], harness.env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Orders: 1 (claims 1, flagged 0; paid unverified 0).');
    expect(listed.stdout).toMatch(new RegExp(`${claimed.trackingNumber}\\s+claim\\s+CLAIM00001\\s+KSh 1500\\.00`));
    expect(listed.stdout).toContain('Unmatched Paybill payments: 1.');
    expect(listed.stdout).toMatch(/STRAY00001\s+account NOSUCHORDER\s+KSh 500\.00\s+no order has this account number/);
    const json = JSON.parse((await cli(['payments', 'list', '--unverified', '--json'], harness.env)).stdout) as { orders: unknown[]; unmatched: unknown[] };
    expect(json.orders).toEqual([expect.objectContaining({ orderId: claimed.id, kind: 'claim', receipt: 'CLAIM00001', flagged: false })]);
    expect(json.unmatched).toEqual([expect.objectContaining({ transId: 'STRAY00001', status: 'unmatched' })]);
    expect((await cli(['payments', 'list'], harness.env)).code).toBe(2);

    // Reconcile: nothing due yet (the first query is 60 s after the push), then due.
    await expect.poll(() => sim.prompts().find((p) => p.msisdn === '254722000222')?.status, { timeout: 10_000 }).toBe('succeeded');
    expect((await cli(['payments', 'reconcile'], { ...harness.env, ...mpesaEnv })).stdout).toContain('Queried 0');
    const [request] = await harness.store.read((tx) => tx.mpesa.listStkRequestsForOrder(prompted.id));
    await harness.store.transaction((tx) => tx.mpesa.updateStkRequest(request!.id, ['pending'], { nextQueryAt: new Date(Date.now() - 1_000) }));
    const reconciled = await cli(['payments', 'reconcile'], { ...harness.env, ...mpesaEnv });
    expect(reconciled.code, reconciled.stderr).toBe(0);
    expect(reconciled.stdout).toContain('Queried 1: paid 1, failed 0');
    expect(await harness.store.read((tx) => tx.orders.get(prompted.id))).toMatchObject({ status: 'paid', paymentVerifiedBy: 'stk_query' });
    expect(reconciled.stdout).toContain('Claims not asked about: no MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL');
    const noDaraja = await cli(['payments', 'reconcile'], harness.env);
    expect(noDaraja.code).toBe(1);
    expect(noDaraja.stderr).toContain('No Daraja settings');
  });

  it('reconcile asks Transaction Status about a claim, naming the API\'s callback URL for the Result; the list says where the check stands', { timeout: 90_000 }, async () => {
    const harness = await databaseForProcesses(dialect === 'sqlite' ? sqliteTarget : postgresTarget(postgres.url), { poolSize: 2 });
    cleanups.push(harness.dispose);
    const sim = await startDarajaSim({ callbackDelayMs: 10 });
    cleanups.push(() => sim.close());
    const fees = feePolicy(250);
    if (!fees.ok) throw new Error('fees');
    const deps: EscrowDeps = { store: harness.store, clock: systemClock, random: cryptoRandom, payments: { verify: async () => ({ status: 'unverifiable' }) }, fees: fees.value };
    const seller = await seedSeller(harness);
    const made = await createOrder(deps, { actor: { kind: 'seller', sellerId: seller.id }, input: { itemName: 'Phone', price: 1_500_00, buyerName: 'Njeri', buyerPhone: '0722000111', buyerAddress: 'Ngong Road', deliveryCost: 100_00 } });
    if (!made.ok) throw new Error(made.error.code);
    const paid = await sim.payBill({ msisdn: '254722000333', account: made.value.trackingNumber, amount: 1_500 });
    expect(await confirmPayment(deps, { orderId: made.value.id, actor: { kind: 'buyer', deliveryCode: made.value.deliveryCode }, mpesaReceipt: paid.transId, termsAccepted: true })).toMatchObject({ ok: true, value: { paymentConfirmed: false } });
    // The claim was made 3 minutes ago (it is asked about from 2 minutes on).
    await harness.db.updateTable('orders').set({ payment_claimed_at: new Date(Date.now() - 3 * 60_000).toISOString() }).where('id', '=', made.value.id).execute();

    const env = {
      ...harness.env,
      // The simulator with its initiator (Transaction Status), as `npm start` sets it.
      ...darajaSimulatorEnv(sim.url),
      // Where the API would listen; nobody does here, so the simulator logs its Result as undelivered.
      MPESA_CALLBACK_BASE_URL: 'http://127.0.0.1:9',
    };
    const reconciled = await cli(['payments', 'reconcile'], env);
    expect(reconciled.code, reconciled.stderr).toBe(0);
    expect(reconciled.stdout).toContain('Claims asked about with Transaction Status: 1 (refused 0, no answer 0); M-Pesa answers to http://127.0.0.1:9/api/payments/callbacks/<secret>/status/result.');
    const [query] = await harness.store.read((tx) => tx.mpesa.listStatusQueriesForOrder(made.value.id));
    expect(query).toMatchObject({ receipt: paid.transId, attempt: 1, status: 'sent' });
    // The Result goes to the deployment's own secret path, the one the API serves.
    const secret = await loadMpesaCallbackSecret(harness.db);
    await expect.poll(() => sim.callbacks().find((c) => c.kind === 'result')?.url, { timeout: 10_000 }).toBe(`http://127.0.0.1:9/api/payments/callbacks/${secret}/status/result`);
    // Asked once: a second run sends nothing while the first is awaited.
    expect((await cli(['payments', 'reconcile'], env)).stdout).toContain('Claims asked about with Transaction Status: 0');
    const listed = await cli(['payments', 'list', '--unverified'], harness.env);
    expect(listed.stdout).toMatch(new RegExp(`${made.value.trackingNumber}\\s+claim\\s+${paid.transId}`));
    expect(listed.stdout).toMatch(/\n\s+check: Asked M-Pesa \(Transaction Status query 1\) at \d{4}-\d\d-\d\d \d\d:\d\d EAT; waiting for its answer\./);
  });
});
