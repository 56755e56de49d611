import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openSellerWorld, ORIGIN, type SellerSession, type SellerWorld, type Session } from '@escrow/api/testing';
import { cli } from './support/run-cli.js';

describe('escrow-admin usage (a real process)', () => {
  it('prints help for every command with exit 0, and refuses wrong usage with exit 2 and the usage', { timeout: 240_000 }, async () => {
    const helps = await Promise.all(['settlements list', 'settle', 'export-csv', 'ledger check', 'purge-inactive', 'sweep-files', 'grant-admin'].map((c) => cli([...c.split(' '), '--help'], {})));
    for (const run of helps) {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: escrow-admin /);
      expect(run.stdout).toContain('Exit codes:');
    }
    const general = await cli(['--help'], {});
    for (const usage of ['settlements list [--json]', 'settle ORDER_ID_OR_TRACKING', 'export-csv [--out FILE]', 'ledger check', 'purge-inactive [--dry-run]', 'sweep-files [--dry-run]']) expect(general.stdout).toContain(usage);

    const wrong: [string[], RegExp][] = [
      [['settlements'], /"settlements" needs a command. Did you mean:\n {2}escrow-admin settlements list/],
      [['settlements', 'pay'], /unknown command "settlements pay"/],
      [['ledger', 'fix'], /unknown command "ledger fix"/],
      [['settle'], /expected exactly 1 argument, got 0. Usage: escrow-admin settle ORDER_ID_OR_TRACKING/],
      [['settle', 'A', 'B'], /expected exactly 1 argument, got 2/],
      [['settle', 'ABC', '--reference'], /--reference/],
      [['settle', 'ABC', '--force'], /Unknown option '--force'/],
      [['export-csv', 'orders.csv'], /expected exactly 0 arguments, got 1/],
      [['export-csv', '--out'], /--out/],
      [['ledger', 'check', '--fix'], /Unknown option '--fix'/],
      [['purge-inactive', '--yes'], /Unknown option '--yes'/],
      [['settlements', 'list', 'all'], /expected exactly 0 arguments/],
    ];
    const runs = await Promise.all(wrong.map(([args]) => cli(args, { DATA_DIR: '/nonexistent' })));
    runs.forEach((run, i) => {
      const [args, message] = wrong[i] ?? [[], /./];
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    });
  });
});

describe.each(DIALECTS)('escrow-admin admin commands on %s (real processes on the API database)', (dialect) => {
  let world: SellerWorld;
  let seller: SellerSession;
  let admin: Session;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    seller = await world.seller('Amani Phones');
    admin = await world.admin();
    env = { ...world.env, ESCROW_OPERATOR: 'wanjiku' };
  }, 60_000);
  afterAll(async () => world?.dispose());

  const db = () => world.composed.database.db;
  const settlements = (orderId: string) => db().selectFrom('ledger_postings').select('id').where('order_id', '=', orderId).where('kind', '=', 'settlement_out').execute();

  it('settlements list: the delivered orders with where each payout goes; --json with totals in cents', { timeout: 240_000 }, async () => {
    const { order } = await world.delivered(seller);
    const table = await cli(['settlements', 'list'], env);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^\d+ orders? awaiting settlement: sellers KSh [\d,]+\.\d\d, riders KSh 0\.00, total KSh/);
    const line = table.stdout.split('\n').find((l) => l.startsWith(order.trackingNumber));
    expect(line).toContain('Amani Phones');
    expect(line).toContain('M-Pesa +254712345678');
    expect(line).toContain(`KSh ${(order.sellerPayout / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
    const json = await cli(['settlements', 'list', '--json'], env);
    const parsed = JSON.parse(json.stdout) as { orders: { orderId: string; sellerPayout: number; sellerPaymentNumber: string }[]; totals: { orders: number; totalCents: number } };
    expect(parsed.orders.find((o) => o.orderId === order.id)).toMatchObject({ sellerPayout: order.sellerPayout, sellerPaymentNumber: '+254712345678' });
    expect(parsed.totals.totalCents).toBe(parsed.orders.reduce((sum, o) => sum + o.sellerPayout, 0));
  });

  it('settle: by tracking number in any case, once; again is refused (exit 4); the operator is in the audit trail', { timeout: 240_000 }, async () => {
    const { order } = await world.delivered(seller);
    const first = await cli(['settle', order.trackingNumber.toLowerCase(), '--reference', 'B2C-77'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Settled order ${order.trackingNumber} (${order.id})`);
    expect(first.stdout).toContain('reference B2C-77. Recorded as admin:cli:wanjiku.');
    const again = await cli(['settle', order.id], env);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(new RegExp(`order ${order.trackingNumber} is already settled on .* \\(Nairobi time\\), reference B2C-77; nothing changed`));
    const reloaded = await world.reload(order.id);
    expect(reloaded).toMatchObject({ status: 'settlement_completed', settlementPaid: true, settlementReference: 'B2C-77' });
    expect(await settlements(order.id)).toHaveLength(1);
    const event = await db().selectFrom('order_events').selectAll().where('order_id', '=', order.id).where('action', '=', 'confirm_settlement').executeTakeFirstOrThrow();
    expect(event.actor).toBe('admin:cli:wanjiku');

    const missing = await cli(['settle', 'ZZZZ999999'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no order with the tracking number or id "ZZZZ999999"');
    const unpaid = await world.paid(seller);
    const early = await cli(['settle', unpaid.trackingNumber], env);
    expect(early.code).toBe(4);
    expect(early.stderr).toContain(`order ${unpaid.trackingNumber} is paid: only delivered orders (awaiting_settlement) can be settled; nothing changed`);
  });

  it('settle raced with the API (Mark Paid) and with itself: one settlement, one posting', { timeout: 240_000 }, async () => {
    const { order } = await world.delivered(seller);
    const api = () => world.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: admin.cookie, json: { reference: 'API' } });
    const [clis, apis] = await Promise.all([Promise.all([cli(['settle', order.trackingNumber], env), cli(['settle', order.id], env), cli(['settle', order.trackingNumber], env)]), Promise.all(Array.from({ length: 6 }, api))]);
    const winners = clis.filter((r) => r.code === 0).length + apis.filter((r) => r.status === 200).length;
    expect(winners, JSON.stringify({ cli: clis.map((r) => [r.code, r.stderr]), api: apis.map((r) => r.status) })).toBe(1);
    expect(clis.every((r) => r.code === 0 || r.code === 4)).toBe(true);
    expect(apis.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await settlements(order.id)).toHaveLength(1);
    expect((await world.reload(order.id)).status).toBe('settlement_completed');
  });

  it('settle: a reference already recorded for another payout (any case), or a payment receipt, is refused (exit 4), nothing changes; the ledger check passes', { timeout: 240_000 }, async () => {
    const { order: first } = await world.delivered(seller);
    const { order: second } = await world.delivered(seller);
    const reference = `B2C${Date.now().toString(36).toUpperCase()}`;
    expect((await cli(['settle', first.trackingNumber, '--reference', reference], env)).code).toBe(0);
    for (const reused of [reference.toLowerCase(), ` ${reference}`]) {
      const refused = await cli(['settle', second.trackingNumber, '--reference', reused], env);
      expect(refused.code, refused.stderr).toBe(4);
      expect(refused.stderr).toContain(`refused: This M-Pesa reference is already recorded for another payout or refund. Check the reference in the M-Pesa message and enter it again. Order ${second.trackingNumber} is not settled; nothing changed`);
    }
    const receipt = await cli(['settle', second.trackingNumber, '--reference', (second.mpesaReceipt ?? '').toLowerCase()], env);
    expect(receipt.code, receipt.stderr).toBe(4);
    expect(receipt.stderr).toContain("This M-Pesa reference is a buyer's payment into an order, not a payout or refund.");
    expect(await world.reload(second.id)).toMatchObject({ status: 'awaiting_settlement', settlementPaid: false, settlementReference: null });
    expect(await settlements(second.id)).toHaveLength(0);
    expect((await cli(['settle', second.trackingNumber, '--reference', `${reference}-2`], env)).code).toBe(0);
    const check = await cli(['ledger', 'check'], env);
    expect(check.stdout).toMatch(/^Ledger check passed: /);
    expect(check.code).toBe(0);
  });

  it('export-csv: the same bytes as the API export, to a file or to standard output; bad dates are refused', { timeout: 240_000 }, async () => {
    await world.order(seller, { itemName: '=HYPERLINK("http://evil.example")' });
    const response = await world.app.request(`${ORIGIN}/api/admin/export.csv`, { headers: { cookie: `session=${admin.cookie}` } });
    const fromApi = Buffer.from(await response.arrayBuffer());
    const out = join(world.dataDir, 'orders.csv');
    const toFile = await cli(['export-csv', '--out', out], env);
    expect(toFile.stderr).toBe('');
    expect(toFile.code).toBe(0);
    const lines = fromApi.toString('utf8').split('\r\n').length - 2;
    expect(toFile.stdout).toBe(`Exported ${lines} orders to ${out}.\n`);
    expect(await readFile(out)).toEqual(fromApi);
    const toStdout = await cli(['export-csv'], env);
    expect(Buffer.from(toStdout.stdout, 'utf8')).toEqual(fromApi);
    expect(toStdout.stderr).toBe(`Exported ${lines} orders.\n`);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const ranged = await cli(['export-csv', '--from', today, '--to', today], env);
    expect(ranged.code).toBe(0);
    const bad = await cli(['export-csv', '--from', '2026-02-30'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Dates must be real days written as YYYY-MM-DD, e.g. 2026-11-30');
    const backwards = await cli(['export-csv', '--from', '2026-11-30', '--to', '2026-11-01'], env);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('The start date must not be after the end date');
  });

  it('ledger check: passes on what the use cases wrote; fails (exit 1) naming a planted bad posting', { timeout: 240_000 }, async () => {
    await world.delivered(seller);
    await world.paid(seller);
    const clean = await cli(['ledger', 'check'], env);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toMatch(/^Ledger check passed: \d+ orders, \d+ postings, \d+ accounts, no discrepancies\.\n$/);
    expect(clean.code).toBe(0);

    // A settlement booked by hand for an order that was never settled: balanced, but wrong.
    const { order } = await world.delivered(seller);
    const now = new Date().toISOString();
    await db().insertInto('ledger_postings').values({ id: 'planted-posting', order_id: order.id, kind: 'settlement_out', reference: 'by hand', created_at: now }).execute();
    await db()
      .insertInto('ledger_entries')
      .values([
        { posting_id: 'planted-posting', line_no: 0, account: `seller_payable:${seller.sellerId}`, amount: -order.sellerPayout },
        { posting_id: 'planted-posting', line_no: 1, account: 'payouts_sent', amount: order.sellerPayout + 1 },
      ])
      .execute();
    const caught = await cli(['ledger', 'check'], env);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toMatch(/^Ledger check FAILED: \d+ discrepancies in /);
    expect(caught.stdout).toContain(`order ${order.trackingNumber} (${order.id}): posting planted-posting is unbalanced`);
    expect(caught.stdout).toContain(`order ${order.trackingNumber} (${order.id}): settlement_out postings: 1, expected 0`);
    expect(caught.stdout).toMatch(/account payouts_sent: the ledger holds \d+ cents, the orders call for \d+ \(difference \d+\)/);
    expect(caught.stdout).toContain(`account seller_payable:${seller.sellerId}:`);
    expect(caught.stdout).toContain("the ledger's accounts sum to 1 cents, not 0");
  });
});
