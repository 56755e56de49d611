import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { confirmSettlement, LEASED_JOBS, type Order } from '@escrow/core';
import { createKyselyJobLeases } from '@escrow/db-kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, must, openSellerWorld, PASSWORD, type SellerSession, type SellerWorld, type Session } from '@escrow/api/testing';
import { cli } from './support/run-cli.js';

const SEVEN_MONTHS_AGO = () => new Date(Date.now() - 213 * 86_400_000).toISOString();
const TABLES = ['users', 'sessions', 'user_roles', 'password_verification', 'password_reset_codes', 'sellers', 'buyer_profiles', 'riders', 'orders', 'feedback', 'rider_payment_confirmations', 'refund_requests', 'order_events', 'code_attempts', 'outbox', 'idempotency_keys', 'rate_limit_counters', 'failure_counters', 'admin_audit_log', 'ledger_postings', 'ledger_entries', 'system_config', 'stk_requests', 'c2b_payments', 'rider_locales'] as const;

describe.each(DIALECTS)('escrow-admin purge-inactive on %s (a real process)', (dialect) => {
  let world: SellerWorld;
  let env: NodeJS.ProcessEnv;
  let leaving: SellerSession;
  let busy: SellerSession;
  let active: SellerSession;
  let idleAdmin: Session;
  let orders: Order[];
  let riderPhone: string;
  let sharedRiderPhone: string;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    env = { ...world.env, ESCROW_OPERATOR: 'ops' };
    leaving = await world.seller('Purge Me Shop');
    busy = await world.seller('Busy Shop');
    active = await world.seller('Active Shop');
    idleAdmin = await world.admin();
    const admin = { kind: 'admin', userId: idleAdmin.userId } as const;
    const buyer = { buyerName: 'Zawadi Purgeme', buyerPhone: '0799 123 456', buyerAddress: 'Purgeme Court, Flat 9', landmark: 'Purgeme landmark' };
    riderPhone = await world.riderOf(leaving, '+254788765432');
    // A rider on the leaving seller's list and on the active one's too.
    sharedRiderPhone = await world.riderOf(leaving, '+254788700001');
    await world.riderOf(active, sharedRiderPhone);
    const delivered = await world.delivered(leaving);
    must(await confirmSettlement(world.deps, { orderId: delivered.order.id, actor: admin, reference: 'B2C-1' }));
    const cancelled = await world.order(leaving, buyer);
    await world.call('POST', `/api/seller/orders/${cancelled.id}/cancel`, { cookie: leaving.cookie, json: { reason: 'Buyer Zawadi Purgeme changed her mind' } });
    const assigned = await world.call('POST', `/api/seller/orders/${(await world.paid(leaving, buyer)).id}/rider`, { cookie: leaving.cookie, json: { newRiderName: 'Purgeme Rider', newRiderPhone: riderPhone } });
    expect(assigned.status, assigned.text).toBe(200);
    const assignedId = String(assigned.body.data.order.id);
    const t = { phone: riderPhone, key: String(assigned.body.data.order.riderKey ?? (await world.reload(assignedId)).riderKey) };
    const { acceptJob, confirmPickup, completeDelivery } = await import('@escrow/core');
    must(await acceptJob(world.deps, { orderId: assignedId, actor: { kind: 'rider', ...t } }));
    must(await confirmPickup(world.deps, { orderId: assignedId, actor: { kind: 'rider', ...t }, pickupPhotoUrl: '/uploads/order-photos/pickup/purge-pickup.png' }));
    const code = (await world.reload(assignedId)).deliveryCode;
    await completeDelivery(world.deps, { orderId: assignedId, actor: { kind: 'rider', ...t }, code: code === '111111' ? '222222' : '111111' });
    must(await completeDelivery(world.deps, { orderId: assignedId, actor: { kind: 'rider', ...t }, code }));
    must(await confirmSettlement(world.deps, { orderId: assignedId, actor: admin }));
    await world.paid(busy);
    // A wrong password leaves sign-in failure counts keyed by the email.
    expect((await world.call('POST', '/api/auth/sign-in', { json: { email: leaving.email, password: 'Wrong#Pass1' } })).status).toBe(401);
    // Stored photos: the seller's logo and a pickup photo.
    const uploads = join(world.dataDir, 'uploads', 'order-photos');
    await mkdir(join(uploads, 'seller-logos'), { recursive: true });
    await mkdir(join(uploads, 'pickup'), { recursive: true });
    await writeFile(join(uploads, 'seller-logos', 'purge-logo.png'), 'logo');
    await writeFile(join(uploads, 'pickup', 'purge-pickup.png'), 'pickup');
    const db = world.composed.database.db;
    await db.updateTable('sellers').set({ logo_url: '/uploads/order-photos/seller-logos/purge-logo.png', whatsapp: '+254799000111' }).where('id', '=', leaving.sellerId).execute();
    for (const userId of [leaving.userId, busy.userId, idleAdmin.userId]) await db.updateTable('users').set({ last_sign_in_at: SEVEN_MONTHS_AGO() }).where('id', '=', userId).execute();
    orders = await Promise.all((await db.selectFrom('orders').select('id').where('seller_id', '=', leaving.sellerId).execute()).map((o) => world.reload(o.id)));
    // Who paid, as M-Pesa told us: the Paybill payer's name and number, and a prompt to the buyer's phone.
    const paidIds = orders.filter((o) => o.status !== 'cancelled').map((o) => o.id);
    await db.updateTable('c2b_payments').set({ payer_name: 'ZAWADI PURGEME', msisdn: '254799123456' }).where('order_id', 'in', paidIds).execute();
    const at = new Date().toISOString();
    await db
      .insertInto('stk_requests')
      .values({ id: `stk-${paidIds[0]}`, order_id: paidIds[0]!, msisdn: '254799123456', amount: 100_00, status: 'failed', checkout_request_id: `ws_CO_purge_${Date.now()}`, callback_phone: '254799123456', callbacks: 0, queries: 0, created_at: at, updated_at: at })
      .execute();
    expect(orders.map((o) => o.status).sort()).toEqual(['cancelled', 'settlement_completed', 'settlement_completed']);
    // Both riders chose Swahili on their job pages (decision 0066: kept by phone).
    for (const phone of [riderPhone, sharedRiderPhone]) await db.insertInto('rider_locales').values({ phone, locale: 'sw', updated_at: at }).execute();
    // Everything the seeding queued is sent now: a dispatcher pass during a test would change the
    // outbox between its dumps (it did once, on PostgreSQL in CI).
    await world.composed.sendOutboxNow();
    await world.composed.sendOutboxNow();
  }, 240_000);
  afterAll(async () => world?.dispose());

  const db = () => world.composed.database.db;
  /** Every row of every table, as text, to search for personal data anywhere. */
  const dump = async () => {
    const out: Record<string, string> = {};
    for (const table of TABLES) out[table] = JSON.stringify(await db().selectFrom(table).selectAll().execute());
    return out;
  };
  const ledger = async () => ({
    postings: await db().selectFrom('ledger_postings').selectAll().orderBy('seq').execute(),
    entries: await db().selectFrom('ledger_entries').selectAll().orderBy('posting_id').orderBy('line_no').execute(),
  });

  it('--dry-run reports who would go and who stays, and changes nothing', { timeout: 240_000 }, async () => {
    const before = await dump();
    const run = await cli(['purge-inactive', '--dry-run'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Would anonymise 1 account with no sign-in since .* \(Nairobi time\) \(dry run: nothing changed\)\.\n/);
    expect(run.stdout).toContain(`  - ${leaving.email} (seller "Purge Me Shop", 3 orders kept anonymised)`);
    expect(run.stdout).toContain(`  - ${busy.email}: has orders still open (money held or a settlement owed) (1)`);
    expect(run.stdout).toContain(`  - ${idleAdmin.email}: an admin account (the super admin manages those)`);
    expect(run.stdout).not.toContain(active.email);
    expect(await dump()).toEqual(before);
  });

  it('while another machine runs a purge (its lease), a purge says so and changes nothing', { timeout: 240_000 }, async () => {
    const leases = createKyselyJobLeases(db());
    const now = new Date();
    expect(await leases.tryTake(LEASED_JOBS.purgeInactive, { holder: 'another-machine', now, until: new Date(now.getTime() + 10 * 60_000) })).toBe(true);
    try {
      const before = await dump();
      const run = await cli(['purge-inactive'], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Another purge-inactive is running');
      expect(run.stdout).not.toContain('Anonymised');
      expect(await dump()).toEqual(before);
    } finally {
      await leases.release(LEASED_JOBS.purgeInactive, { holder: 'another-machine', now: new Date() });
    }
  });

  it('removes the personal data everywhere, keeps the orders and the ledger untouched, and records the purge', { timeout: 240_000 }, async () => {
    const ledgerBefore = await ledger();
    const run = await cli(['purge-inactive'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Anonymised 1 account with no sign-in since/);
    // The first order's pickup photo URL (x.jpg) was never a file: reported, not an error.
    expect(run.stdout).toContain('Removed 2 stored photos (1 not found on this machine).');
    expect(existsSync(join(world.dataDir, 'uploads', 'order-photos', 'seller-logos', 'purge-logo.png'))).toBe(false);
    expect(existsSync(join(world.dataDir, 'uploads', 'order-photos', 'pickup', 'purge-pickup.png'))).toBe(false);

    // No trace of the person, the buyers or the rider in any table.
    const after = await dump();
    for (const secret of [leaving.email, 'Purge Me Shop', 'Zawadi Purgeme', 'ZAWADI PURGEME', '+254799123456', '254799123456', 'Purgeme', riderPhone, '+254799000111', 'purge-logo']) {
      for (const [table, rows] of Object.entries(after)) expect(rows.includes(secret), `${secret} in ${table}`).toBe(false);
    }
    // A rider's language goes with the last list or order that names the phone; another seller's rider keeps it.
    expect(await db().selectFrom('rider_locales').select(['phone', 'locale']).execute()).toEqual([{ phone: sharedRiderPhone, locale: 'sw' }]);
    // The orders stay, with their money, status and tracking number; the ledger is byte for byte the same.
    for (const order of orders) {
      const kept = await world.reload(order.id);
      expect(kept).toMatchObject({ trackingNumber: order.trackingNumber, status: order.status, price: order.price, serviceFee: order.serviceFee, sellerPayout: order.sellerPayout, settlementPaid: order.settlementPaid, mpesaReceipt: order.mpesaReceipt, buyerName: 'Deleted', buyerPhone: 'Deleted', payerPhone: null, riderPhone: null, pickupPhotoUrl: null });
    }
    expect(await ledger()).toEqual(ledgerBefore);
    const check = await cli(['ledger', 'check'], env);
    expect(check.stdout).toContain('no discrepancies');
    expect(check.code).toBe(0);

    const user = await db().selectFrom('users').selectAll().where('id', '=', leaving.userId).executeTakeFirstOrThrow();
    expect(user.email).toBe(`anonymised-${leaving.userId}@deleted.invalid`);
    expect(user.anonymised_at).not.toBeNull();
    const sellerRow = await db().selectFrom('sellers').selectAll().where('id', '=', leaving.sellerId).executeTakeFirstOrThrow();
    expect(sellerRow).toMatchObject({ business_name: 'Deleted seller', phone: 'Deleted', whatsapp: null, payment_number: 'Deleted', payout_phone: null, payout_paybill_number: null, payout_account_reference: null, payout_till_number: null, logo_url: null, email: null });
    const audit = await db().selectFrom('admin_audit_log').selectAll().where('action', '=', 'purge_inactive_account').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin:cli:ops', subject_type: 'user', subject_id: leaving.userId });
    expect(JSON.parse(audit[0]?.before ?? '')).toMatchObject({ sellerId: leaving.sellerId, orders: 3 });

    // The account is gone for sign-in; the admin screens show N/A for the seller and no longer count it.
    const signIn = await world.call('POST', '/api/auth/sign-in', { json: { email: leaving.email, password: PASSWORD } });
    expect(signIn.status).toBe(401);
    const admin = await world.admin();
    const listed = await world.call('GET', `/api/admin/orders?q=${orders[0]?.trackingNumber}`, { cookie: admin.cookie });
    expect(listed.body.data.orders[0]).toMatchObject({ id: orders[0]?.id, sellerBusinessName: null, sellerPaymentMethod: null, sellerPaymentNumber: null });
    const sellers = await world.call('GET', '/api/admin/sellers?pageSize=100', { cookie: admin.cookie });
    expect(sellers.body.data.sellers.map((s: { id: string }) => s.id)).not.toContain(leaving.sellerId);

    // Kept accounts are untouched; a second run has nothing left to do.
    expect((await db().selectFrom('users').select('email').where('id', '=', busy.userId).executeTakeFirstOrThrow()).email).toBe(busy.email);
    const again = await cli(['purge-inactive'], env);
    expect(again.stdout).toMatch(/^Anonymised 0 accounts/);
    expect(again.stdout).toContain('Kept 2:');
  });
});
