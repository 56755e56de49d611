import { runPayoutRound, type Order, type Payout } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type MpesaWorld, openMpesaWorld, type SellerSession } from '@escrow/api/testing';
import { runCli } from '../src/cli.js';
import { cli, type Run } from './support/run-cli.js';

/** The CLI in this process (the same runCli main.ts calls): quick, for the many usage checks. */
async function inProcess(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, env, { stdout: (t) => void (stdout += `${t}\n`), stderr: (t) => void (stderr += `${t}\n`), write: async (t) => void (stdout += t) });
  return { code, stdout, stderr };
}

const SELLER_MSISDN = '254712345678';
const VERBS = ['payouts list', 'payouts retry', 'payouts approve', 'payouts reconcile'];

describe('escrow-admin payouts: usage (a real process)', () => {
  it('help for each command and the group; wrong usage exits 2; payouts made by hand are said so before any database is opened', { timeout: 480_000 }, async () => {
    const helps = await Promise.all(VERBS.map((c) => inProcess([...c.split(' '), '--help'], {})));
    helps.forEach((run, i) => {
      expect(run.code, VERBS[i]).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: escrow-admin ${VERBS[i]} `));
      expect(run.stdout).toContain('Exit codes:');
    });
    const general = await inProcess(['--help'], {});
    for (const usage of ['payouts list [--failed] [--json] [--limit N]', 'payouts retry PAYOUT_ID', 'payouts approve ORDER_ID_OR_TRACKING', 'payouts reconcile [--json]']) expect(general.stdout).toContain(usage);
    // The group alone lists its commands, with their arguments and what they do.
    const group = await cli(['payouts', '--help'], {});
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/^"payouts" commands:\n {2}escrow-admin payouts list \[--failed\] \[--json\] \[--limit N\] +payouts by M-Pesa, newest first/);
    for (const usage of ['payouts retry PAYOUT_ID', 'payouts approve ORDER_ID_OR_TRACKING', 'payouts reconcile [--json]']) expect(group.stdout).toContain(`escrow-admin ${usage}`);

    const wrong: [string[], RegExp][] = [
      [['payouts'], /"payouts" needs a command. Did you mean:\n {2}escrow-admin payouts list/],
      [['payouts', 'pay'], /unknown command "payouts pay"/],
      [['payouts', 'list', 'all'], /expected exactly 0 arguments, got 1/],
      [['payouts', 'list', '--limit', '0'], /--limit must be a whole number from 1 to 500/],
      [['payouts', 'list', '--limit', '501'], /--limit must be a whole number from 1 to 500/],
      [['payouts', 'list', '--unverified'], /Unknown option '--unverified'/],
      [['payouts', 'retry'], /expected exactly 1 argument, got 0. Usage: escrow-admin payouts retry PAYOUT_ID/],
      [['payouts', 'retry', 'a', 'b'], /expected exactly 1 argument, got 2/],
      [['payouts', 'retry', '--all'], /Unknown option '--all'/],
      [['payouts', 'approve'], /expected exactly 1 argument, got 0. Usage: escrow-admin payouts approve ORDER_ID_OR_TRACKING/],
      [['payouts', 'approve', ' '], /give the order's tracking number or id/],
      [['payouts', 'reconcile', '--fix'], /Unknown option '--fix'/],
    ];
    const runs = await Promise.all(wrong.map(([args]) => inProcess(args, { DATA_DIR: '/nonexistent', MPESA_PAYOUTS: 'approval' })));
    // And as a real process, exit code and all.
    runs.push(await cli(['payouts', 'retry'], { DATA_DIR: '/nonexistent', MPESA_PAYOUTS: 'approval' }));
    wrong.push([['payouts', 'retry'], /expected exactly 1 argument, got 0/]);
    runs.forEach((run, i) => {
      const [args, message] = wrong[i] ?? [[], /./];
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    });

    // MPESA_PAYOUTS off (or unset): approve and retry say how this deployment pays (exit 4), before the database.
    for (const env of [{ DATA_DIR: '/nonexistent' }, { DATA_DIR: '/nonexistent', MPESA_PAYOUTS: 'off' }]) {
      for (const args of [['payouts', 'approve', 'ABC123'], ['payouts', 'retry', 'some-payout-id']]) {
        const run = await inProcess(args, env);
        expect(run.code, args.join(' ')).toBe(4);
        expect(run.stderr).toContain('this deployment records payouts by hand (MPESA_PAYOUTS is off): pay the seller, then record it with "escrow-admin settle ORDER --reference M-PESA-REF"; nothing changed');
      }
    }
    const misspelt = await inProcess(['payouts', 'list'], { DATA_DIR: '/nonexistent', MPESA_PAYOUTS: 'automatik' });
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toContain('MPESA_PAYOUTS must be off, automatic or approval');
  });
});

/**
 * The CLI beside the API as production composes it (MPESA_PAYOUTS=approval, Daraja's simulator):
 * the CLI queues, the API's payout worker (here a round run by the test, as the worker runs it)
 * sends; what M-Pesa paid is counted on the simulator's side.
 */
describe.each(DIALECTS)('escrow-admin payouts on %s (real processes beside the API)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, {
      env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_REGISTER_C2B_URLS: 'off', MPESA_PAYOUTS: 'approval' },
      // The worker's own rounds are slow here: the tests run rounds themselves.
      payoutIntervalMs: 60_000,
    });
    seller = await w.seller();
    // The CLI runs with the API's own environment (its database, MPESA_PAYOUTS), as an operator on the server would.
    env = { ...w.env, ESCROW_OPERATOR: 'wanjiku' };
  }, 60_000);
  afterAll(async () => w?.dispose());

  const payoutsOf = (order: Order) => w.deps.store.read((tx) => tx.payouts.listByOrder(order.id));
  const simPayoutsTo = (order: Order) => w.sim.payouts.list().filter((p) => p.occasion === order.trackingNumber);
  const payoutIn = (order: Order, state: Payout['state']) => w.eventually(async () => (await payoutsOf(order)).find((p) => p.purpose === 'seller' && p.state === state), 15_000);
  const settled = (order: Order) => w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined), 15_000);

  it('approve: queues a delivered order\'s payouts without calling M-Pesa; the worker pays them once; again, or for an order not delivered, is refused', { timeout: 480_000 }, async () => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success' });
    const { order } = await w.delivered(seller);
    expect((await payoutsOf(order)).map((p) => p.state)).toEqual(['awaiting_approval']);

    const approved = await cli(['payouts', 'approve', order.trackingNumber.toLowerCase()], env);
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`Approved the payouts of order ${order.trackingNumber} (${order.id}): seller KSh`);
    expect(approved.stdout).toContain("(Queued). The API's payout worker sends them to M-Pesa");
    expect(approved.stdout).toContain('Recorded as admin:cli:wanjiku.');
    const [queued] = await payoutsOf(order);
    expect(queued).toMatchObject({ state: 'queued', decidedBy: 'cli:wanjiku', amount: order.sellerPayout });
    const audit = await w.composed.database.db.selectFrom('order_events').select(['action', 'actor']).where('order_id', '=', order.id).where('action', '=', 'payout_queued').execute();
    expect(audit).toEqual([{ action: 'payout_queued', actor: 'admin:cli:wanjiku' }]);
    // The CLI queued; nothing reached M-Pesa from it.
    expect(simPayoutsTo(order)).toHaveLength(0);

    // Approved twice more (by id and by tracking number) while the worker's rounds run, as several API processes would.
    const [again, byId] = await Promise.all([cli(['payouts', 'approve', order.trackingNumber], env), cli(['payouts', 'approve', order.id], env), runPayoutRound(w.deps), runPayoutRound(w.deps)]);
    for (const run of [again, byId]) expect([0, 4], run.stderr).toContain(run.code);
    await runPayoutRound(w.deps);
    const paid = await payoutIn(order, 'succeeded');
    await settled(order);
    expect(simPayoutsTo(order)).toHaveLength(1);
    expect(simPayoutsTo(order)[0]).toMatchObject({ status: 'completed', receipt: paid.receipt, amount: Math.floor(order.sellerPayout / 100) });

    const late = await cli(['payouts', 'approve', order.trackingNumber], env);
    expect(late.code).toBe(4);
    expect(late.stderr).toContain(`order ${order.trackingNumber} is already settled on `);
    expect(late.stderr).toContain(`, reference ${paid.receipt}; nothing changed`);
    expect(simPayoutsTo(order)).toHaveLength(1);

    const unpaid = await w.paid(seller);
    const early = await cli(['payouts', 'approve', unpaid.trackingNumber], env);
    expect(early.code).toBe(4);
    expect(early.stderr).toContain(`order ${unpaid.trackingNumber} is paid: only delivered orders (awaiting_settlement) are paid out; nothing changed`);
    expect(await payoutsOf(unpaid)).toEqual([]);
    const missing = await cli(['payouts', 'approve', 'NOSUCH99'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no order with the tracking number or id "NOSUCH99"');

    // settle would approve and drop the hand-typed reference here: it is refused, pointing to approve.
    const { order: other } = await w.delivered(seller);
    const settle = await cli(['settle', other.trackingNumber, '--reference', 'QK12AB34CD'], env);
    expect(settle.code).toBe(4);
    expect(settle.stderr).toContain(`this deployment pays sellers by M-Pesa (MPESA_PAYOUTS=approval): nothing to record by hand. "escrow-admin payouts approve ${other.trackingNumber}"`);
    expect((await payoutsOf(other)).map((p) => p.state)).toEqual(['awaiting_approval']);
    expect(await w.reload(other.id)).toMatchObject({ status: 'awaiting_settlement', settlementPaid: false });
    // The same database with payouts switched off: approve says how this deployment pays instead.
    const off = await cli(['payouts', 'approve', other.trackingNumber], { ...env, MPESA_PAYOUTS: 'off' });
    expect(off.code).toBe(4);
    expect(off.stderr).toContain('this deployment records payouts by hand');
  });

  it('list, --failed, --json; reconcile exits 1 on a failed payout; retry queues it once and the worker pays it with a new request; reconcile then exits 0', { timeout: 480_000 }, async () => {
    // The first payout to the seller fails (the B2C account's float is short), the next succeeds.
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'insufficient_funds', times: 1 });
    const { order: failing } = await w.delivered(seller, { itemName: 'Samsung A54' });
    expect((await cli(['payouts', 'approve', failing.trackingNumber], env)).code).toBe(0);
    await runPayoutRound(w.deps);
    const failed = await payoutIn(failing, 'failed');
    expect(failed.problem).toMatch(/does not hold enough money/);
    const { order: paying } = await w.delivered(seller, { itemName: 'Tecno Spark' });
    expect((await cli(['payouts', 'approve', paying.id], env)).code).toBe(0);
    await runPayoutRound(w.deps);
    const paid = await payoutIn(paying, 'succeeded');

    const listed = await cli(['payouts', 'list'], env);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^\d+ payouts, newest first \(MPESA_PAYOUTS=approval\)\.\n\nCREATED \(EAT\) +TRACKING +PURPOSE +AMOUNT +STATE +DESTINATION +RECEIPT +ID\n/);
    const lines = listed.stdout.split('\n');
    const failedLine = lines.findIndex((l) => l.includes(failed.id));
    const paidLine = lines.findIndex((l) => l.includes(paid.id));
    // Newest first: the payout made second comes first.
    expect(paidLine).toBeGreaterThan(0);
    expect(failedLine).toBeGreaterThan(paidLine);
    expect(lines[failedLine]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +${failing.trackingNumber} +seller +KSh [\\d,]+\\.\\d\\d +Failed +M-Pesa \\+?254712345678 +- +${failed.id}$`));
    expect(lines[failedLine + 1]).toMatch(/^ {17}problem: The payout account .*does not hold enough money; top it up and pay again\.$/);
    expect(lines[paidLine]).toMatch(new RegExp(`${paying.trackingNumber} +seller +KSh [\\d,]+\\.\\d\\d +Paid +M-Pesa \\+?254712345678 +${paid.receipt} +${paid.id}$`));
    expect(lines[paidLine + 1]).not.toContain('problem:');
    // Times in Nairobi (UTC+3).
    expect(lines[failedLine]?.slice(0, 16)).toBe(new Date(failed.createdAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '));

    expect(listed.stdout).not.toContain('Note:');
    // The same database read without the API's MPESA_PAYOUTS (as beside npm start): said so, with what to do.
    const unset = await cli(['payouts', 'list'], { ...env, MPESA_PAYOUTS: '' });
    expect(unset.code).toBe(0);
    expect(unset.stdout).toContain('(this deployment records payouts by hand (MPESA_PAYOUTS is off))');
    expect(unset.stdout.trimEnd().split('\n').at(-1)).toBe("Note: M-Pesa sent some of these payouts, but MPESA_PAYOUTS is not set for this command: run the CLI with the API's MPESA_PAYOUTS (npm start runs the API with approval) to approve or retry them.");

    const onlyFailed = await cli(['payouts', 'list', '--failed'], env);
    expect(onlyFailed.code).toBe(0);
    expect(onlyFailed.stdout).toMatch(/^\d+ failed or unknown payouts?, newest first/);
    expect(onlyFailed.stdout).toContain(failed.id);
    expect(onlyFailed.stdout).not.toContain(paid.id);
    expect((await cli(['payouts', 'list', '--limit', '1'], env)).stdout).toMatch(/^1 payout, newest first \(the newest 1 only: --limit N shows more\)/);

    const json = JSON.parse((await cli(['payouts', 'list', '--json'], env)).stdout) as { mode: string; payouts: Record<string, unknown>[] };
    expect(json.mode).toBe('approval');
    expect(json.payouts.find((p) => p['id'] === failed.id)).toMatchObject({ orderId: failing.id, trackingNumber: failing.trackingNumber, itemName: 'Samsung A54', purpose: 'seller', amount: failing.sellerPayout, state: 'failed', stateLabel: 'Failed', canRetry: true, receipt: null, problem: expect.stringMatching(/does not hold enough money/) });
    expect(json.payouts.find((p) => p['id'] === paid.id)).toMatchObject({ state: 'succeeded', stateLabel: 'Paid', canRetry: false, receipt: paid.receipt, destination: expect.stringMatching(/^M-Pesa \+?254712345678$/) });
    // The admin API's shape, field for field.
    const admin = await w.admin();
    const fromApi = await w.call('GET', '/api/admin/payouts', { cookie: admin.cookie });
    expect(json.payouts.find((p) => p['id'] === failed.id)).toEqual(fromApi.body.data.payouts.find((p: { id: string }) => p.id === failed.id));
    const failedJson = JSON.parse((await cli(['payouts', 'list', '--failed', '--json'], env)).stdout) as { payouts: { state: string }[] };
    expect(failedJson.payouts.length).toBeGreaterThan(0);
    expect(failedJson.payouts.every((p) => p.state === 'failed' || p.state === 'unknown')).toBe(true);

    // Reconcile: the failed payout is unmatched until it is paid (exit 1 for cron).
    const dirty = await cli(['payouts', 'reconcile'], env);
    expect(dirty.code, dirty.stderr).toBe(1);
    expect(dirty.stdout).toMatch(/^Payout reconciliation, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Nairobi time\)\n {2}Ledger, mpesa_clearing for payouts: +KSh [\d,]+\.\d\d\n {2}Payouts in flight with M-Pesa: +KSh [\d,]+\.\d\d {2}\(they agree\)\n {2}Payouts: \d+ in all; \d+ in flight, \d+ paid by M-Pesa, [1-9]\d* failed\.\nUnmatched: [1-9]/);
    expect(dirty.stdout).toContain(`  - order ${failing.trackingNumber}, seller payout ${failed.id}: Failed and not paid: ${failed.problem}`);
    const dirtyJson = await cli(['payouts', 'reconcile', '--json'], env);
    expect(dirtyJson.code).toBe(1);
    const report = JSON.parse(dirtyJson.stdout) as { clearingInLedger: number; inFlight: number; unmatched: { payoutId: string; orderId: string; problem: string }[]; payouts: { failed: number } };
    expect(report.clearingInLedger).toBe(report.inFlight);
    expect(report.unmatched).toContainEqual({ payoutId: failed.id, orderId: failing.id, problem: expect.stringMatching(/^Failed and not paid: .*does not hold enough money/) });

    // Retry: only a failed payout; queued once however often it is run; the worker sends it with a new id.
    const notFailed = await cli(['payouts', 'retry', paid.id], env);
    expect(notFailed.code).toBe(4);
    expect(notFailed.stderr).toContain(`payout ${paid.id} is "Paid": only a failed payout can be retried; nothing changed`);
    const missing = await cli(['payouts', 'retry', '00000000-0000-4000-8000-000000000000'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no payout with the id "00000000-0000-4000-8000-000000000000"');
    const retries = await Promise.all([cli(['payouts', 'retry', failed.id], env), cli(['payouts', 'retry', failed.id], env)]);
    for (const run of retries) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Payout ${failed.id} queued again: seller KSh`);
      expect(run.stdout).toContain(`for order ${failing.trackingNumber}. The API's payout worker sends it to M-Pesa`);
      expect(run.stdout).toContain('Recorded as admin:cli:wanjiku.');
    }
    expect((await payoutsOf(failing))[0]).toMatchObject({ state: 'queued', decidedBy: 'cli:wanjiku', problem: null });
    expect(simPayoutsTo(failing)).toHaveLength(1);
    await Promise.all([runPayoutRound(w.deps), runPayoutRound(w.deps)]);
    const retried = await payoutIn(failing, 'succeeded');
    await settled(failing);
    expect(retried.originatorConversationId).not.toBe(failed.originatorConversationId);
    expect(simPayoutsTo(failing).map((p) => p.status)).toEqual(['failed', 'completed']);
    const after = await cli(['payouts', 'retry', failed.id], env);
    expect(after.code).toBe(4);

    const clean = await cli(['payouts', 'reconcile'], env);
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toContain('(they agree)');
    expect(clean.stdout).toMatch(/\nNothing unmatched\.\n$/);
    const cleanJson = JSON.parse((await cli(['payouts', 'reconcile', '--json'], env)).stdout) as { unmatched: unknown[] };
    expect(cleanJson.unmatched).toEqual([]);
  });
});
