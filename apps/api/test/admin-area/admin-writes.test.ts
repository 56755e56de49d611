import { randomUUID } from 'node:crypto';
import { completeDelivery, requestRefund } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../escrow-support/world.js';
import { nextMillisecond } from '../helpers/next-millisecond.js';
import { DIALECTS, idempotencyKey, openSellerWorld, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

describe.each(DIALECTS)('admin writes: contacts, payment config and the audit trail on %s', (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  let otherAdmin: Session;
  let seller: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
    otherAdmin = await world.admin();
    seller = await world.seller('Amani Phones');
  });
  afterAll(async () => world?.dispose());

  const db = () => world.composed.database.db;
  const auditOf = (subjectType: string) => db().selectFrom('admin_audit_log').selectAll().where('subject_type', '=', subjectType).orderBy('seq').execute();
  const contact = async (message: string, phone?: string) => {
    const reply = await world.call('POST', '/api/contact', { json: { name: ' Wanjiru Kamau ', email: 'wanjiru@example.com', message, ...(phone ? { phone } : {}) } });
    expect(reply.status, reply.text).toBe(201);
    return String(reply.body.data.id);
  };

  it('lists contact messages newest first: all by default, open or resolved on request', async () => {
    const first = await contact('My parcel is late', '0712 000 000');
    await nextMillisecond();
    const second = await contact('How do refunds work?');
    const all = await world.call('GET', '/api/admin/contacts', { cookie: admin.cookie });
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 20 });
    expect(all.body.data.contacts.slice(0, 2).map((c: { id: string }) => c.id)).toEqual([second, first]);
    expect(all.body.data.contacts[1]).toEqual({
      id: first,
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.com',
      phone: '0712 000 000',
      message: 'My parcel is late',
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
      resolvedByEmail: null,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await world.call('GET', '/api/admin/contacts?status=resolved', { cookie: admin.cookie })).body.data.contacts.map((c: { id: string }) => c.id)).not.toContain(first);
    expect((await world.call('GET', '/api/admin/contacts?status=bogus', { cookie: admin.cookie })).body.error?.message).toBe('Status must be open, resolved or all');
  });

  it("resolves a message once: 'Contact marked as resolved', who and when recorded with an audit row; again is 409 and changes nothing", async () => {
    const id = await contact('Please call me about my order');
    const resolved = await world.call('POST', `/api/admin/contacts/${id}/resolve`, { cookie: admin.cookie });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.data).toMatchObject({ message: 'Contact marked as resolved', contact: { id, resolved: true, resolvedBy: admin.userId, resolvedByEmail: admin.email, resolvedAt: expect.stringMatching(/Z$/) } });
    const again = await world.call('POST', `/api/admin/contacts/${id}/resolve`, { cookie: otherAdmin.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'CONTACT_ALREADY_RESOLVED', message: 'This contact message has already been marked as resolved' });
    const row = await db().selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ by: row.resolved_by, at: row.resolved_at }).toEqual({ by: admin.userId, at: resolved.body.data.contact.resolvedAt });
    const audit = (await auditOf('contact')).filter((a) => a.subject_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `admin:${admin.userId}`, action: 'resolve_contact', at: row.resolved_at });
    expect(JSON.parse(audit[0]?.before ?? '')).toEqual({ resolved: false, resolvedAt: null, resolvedBy: null });
    expect(JSON.parse(audit[0]?.after ?? '')).toEqual({ resolved: true, resolvedAt: row.resolved_at, resolvedBy: admin.userId });
    const listed = await world.call('GET', '/api/admin/contacts?status=resolved&pageSize=100', { cookie: admin.cookie });
    expect(listed.body.data.contacts.map((c: { id: string }) => c.id)).toContain(id);
    expect((await world.call('POST', `/api/admin/contacts/${randomUUID()}/resolve`, { cookie: admin.cookie })).body.error?.code).toBe('CONTACT_NOT_FOUND');
    expect((await world.call('POST', '/api/admin/contacts/%00/resolve', { cookie: admin.cookie })).status).toBe(404);
  });

  it('resolves once however many admins press Mark Resolved at the same moment', async () => {
    const id = await contact('Twelve admins, one message');
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => world.call('POST', `/api/admin/contacts/${id}/resolve`, { cookie: i % 2 ? admin.cookie : otherAdmin.cookie, headers: idempotencyKey() })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
    expect((await auditOf('contact')).filter((a) => a.subject_id === id)).toHaveLength(1);
  });

  it('reads the Paybill from the environment until an admin saves one', async () => {
    const reply = await world.call('GET', '/api/admin/payment-config', { cookie: admin.cookie });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toEqual({
      config: { businessNumber: '522533', accountNumber: null, accountName: 'Escrow Delivery Ltd', updatedAt: null, updatedBy: null, updatedByEmail: null, source: 'default' },
    });
  });

  it("refuses an incomplete or malformed Paybill with the spec's message first, and saves nothing", async () => {
    const put = (json: unknown) => world.call('PUT', '/api/admin/payment-config', { cookie: admin.cookie, json });
    const cases: [unknown, string][] = [
      [{ businessNumber: '247247', accountNumber: '  ', accountName: 'Escrow Ltd' }, 'Please fill in all payment information'],
      [{ businessNumber: '247247', accountName: 'Escrow Ltd' }, 'Please fill in all payment information'],
      [{ businessNumber: 'abc', accountNumber: '', accountName: '' }, 'Please fill in all payment information'],
      [{ businessNumber: '24 72 47', accountNumber: 'ESCROW', accountName: 'Escrow Ltd' }, 'Business number must be 5 to 7 digits'],
      [{ businessNumber: '1234', accountNumber: 'ESCROW', accountName: 'Escrow Ltd' }, 'Business number must be 5 to 7 digits'],
      [{ businessNumber: '247247', accountNumber: 'x'.repeat(21), accountName: 'Escrow Ltd' }, 'Account number must be at most 20 characters'],
      [{ businessNumber: '247247', accountNumber: '=cmd|calc', accountName: 'Escrow Ltd' }, 'Account number may only contain letters, digits, spaces and hyphens'],
      [{ businessNumber: '247247', accountNumber: 'ESCROW', accountName: 'x'.repeat(101) }, 'Account name must be at most 100 characters'],
      [null, 'Please check the form and try again.'],
    ];
    for (const [json, message] of cases) {
      const reply = await put(json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.error?.message, JSON.stringify(json)).toBe(message);
    }
    expect(await db().selectFrom('system_config').selectAll().execute()).toEqual([]);
    expect((await world.call('PUT', '/api/admin/payment-config', { cookie: admin.cookie, body: 'businessNumber=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('saves the Paybill trimmed, with an audit row and an e-mail to every admin in the same transaction; buyers see it at once', async () => {
    const order = await world.order(seller);
    const buyerBefore = await world.call('GET', `/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': order.deliveryCode } });
    expect(buyerBefore.body.data.payment).toMatchObject({ businessNumber: '522533', accountName: 'Escrow Delivery Ltd', accountNumber: order.trackingNumber });
    const outboxBefore = (await db().selectFrom('outbox').select('id').execute()).length;

    const saved = await world.call('PUT', '/api/admin/payment-config', { cookie: admin.cookie, json: { businessNumber: ' 247247 ', accountNumber: ' ESCROW-01 ', accountName: ' Sokoni Escrow Ltd ' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({
      config: { businessNumber: '247247', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd', updatedAt: expect.stringMatching(/Z$/), updatedBy: admin.userId, updatedByEmail: admin.email, source: 'saved' },
      message: 'Payment configuration updated successfully!',
    });
    expect((await world.call('GET', '/api/admin/payment-config', { cookie: otherAdmin.cookie })).body.data.config).toEqual(saved.body.data.config);
    const rows = await db().selectFrom('system_config').select(['config_key', 'config_value', 'updated_by']).orderBy('config_key').execute();
    expect(rows).toEqual([
      { config_key: 'mpesa_account_name', config_value: 'Sokoni Escrow Ltd', updated_by: admin.userId },
      { config_key: 'mpesa_account_number', config_value: 'ESCROW-01', updated_by: admin.userId },
      { config_key: 'mpesa_business_number', config_value: '247247', updated_by: admin.userId },
    ]);

    // Buyers pay the new Paybill, with the order's tracking number as the account number.
    const buyerAfter = await world.call('GET', `/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': order.deliveryCode } });
    expect(buyerAfter.body.data.payment).toEqual({ configured: true, businessNumber: '247247', accountName: 'Sokoni Escrow Ltd', accountNumber: order.trackingNumber, amount: order.price });

    const audit = await auditOf('payment_config');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `admin:${admin.userId}`, action: 'update_payment_config', before: null });
    expect(JSON.parse(audit[0]?.after ?? '')).toEqual({ businessNumber: '247247', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd' });

    const mails = (await db().selectFrom('outbox').select(['payload', 'created_at']).orderBy('seq').execute()).slice(outboxBefore).map((m) => ({ ...JSON.parse(m.payload), at: m.created_at }));
    const admins = (await db().selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').select('users.email').execute()).map((u) => u.email).sort();
    expect(admins.length).toBeGreaterThanOrEqual(2);
    expect(mails.map((m) => m.to).sort()).toEqual(admins);
    for (const mail of mails) {
      expect(mail).toMatchObject({ channel: 'email', subject: 'Paybill details changed', at: audit[0]?.at });
      expect(mail.body).toContain(`changed by ${admin.email}`);
      expect(mail.body).toContain('Now: business number 247247, account ESCROW-01, Sokoni Escrow Ltd');
      expect(mail.body).toContain('Before: not set');
    }

    // The same values again change nothing and tell nobody; a real change records before and after.
    const outboxAfter = (await db().selectFrom('outbox').select('id').execute()).length;
    expect((await world.call('PUT', '/api/admin/payment-config', { cookie: otherAdmin.cookie, json: { businessNumber: '247247', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd' } })).status).toBe(200);
    expect(await auditOf('payment_config')).toHaveLength(1);
    expect((await db().selectFrom('outbox').select('id').execute()).length).toBe(outboxAfter);
    const changed = await world.call('PUT', '/api/admin/payment-config', { cookie: otherAdmin.cookie, json: { businessNumber: '522522', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd' } });
    expect(changed.body.data.config).toMatchObject({ businessNumber: '522522', updatedBy: otherAdmin.userId });
    const second = (await auditOf('payment_config'))[1];
    expect(JSON.parse(second?.before ?? '')).toEqual({ businessNumber: '247247', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd' });
    const buyerLatest = await world.call('GET', `/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': order.deliveryCode } });
    expect(buyerLatest.body.data.payment.businessNumber).toBe('522522');
  });

  it('keeps the admin audit log append-only in the database itself', async () => {
    const [row] = await auditOf('payment_config');
    expect(row).toBeDefined();
    await expect(db().updateTable('admin_audit_log').set({ actor: 'someone else' }).where('id', '=', row?.id ?? '').execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('admin_audit_log').where('id', '=', row?.id ?? '').execute()).rejects.toThrow(/append-only/);
  });

  it("records the admin on every order write in the order's own trail (order_events): settlement, unlock and refund resolution", async () => {
    const { order } = await world.delivered(seller);
    expect((await world.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: admin.cookie, json: { reference: 'B2C-42' } })).status).toBe(200);
    const paid = await world.paid(seller);
    const refund = must(await requestRefund(world.deps, { orderId: paid.id, actor: { kind: 'buyer', deliveryCode: paid.deliveryCode }, reason: 'Wrong colour delivered' }));
    expect((await world.call('POST', `/api/admin/refund-requests/${refund.id}/resolve`, { cookie: otherAdmin.cookie, json: { decision: 'reject', note: 'As described' } })).status).toBe(200);
    const locked = await world.inTransit(seller);
    for (let i = 0; i < 5; i += 1) await completeDelivery(world.deps, { orderId: locked.order.id, actor: { kind: 'rider', phone: locked.phone, key: locked.key }, code: locked.order.deliveryCode === '111111' ? '222222' : '111111' });
    expect((await world.call('POST', `/api/admin/orders/${locked.order.id}/unlock-code`, { cookie: admin.cookie })).status).toBe(200);
    const events = await db().selectFrom('order_events').selectAll().where('order_id', 'in', [order.id, paid.id, locked.order.id]).where('actor', 'like', 'admin:%').orderBy('seq').execute();
    expect(events.map((e) => ({ order: e.order_id, action: e.action, actor: e.actor, from: e.from_status, to: e.to_status }))).toEqual([
      { order: order.id, action: 'confirm_settlement', actor: `admin:${admin.userId}`, from: 'awaiting_settlement', to: 'settlement_completed' },
      { order: paid.id, action: 'reject_refund', actor: `admin:${otherAdmin.userId}`, from: 'paid', to: 'paid' },
      { order: locked.order.id, action: 'unlock_code', actor: `admin:${admin.userId}`, from: 'in_transit', to: 'in_transit' },
    ]);
    expect(JSON.parse(events[2]?.data ?? '')).toMatchObject({ attemptsBefore: 5 });
    expect(JSON.parse(events[0]?.data ?? '')).toMatchObject({
      reference: 'B2C-42',
      before: { settlementPaid: false },
      after: { settlementPaid: true, settlementReference: 'B2C-42', sellerPayout: order.sellerPayout, riderPayout: order.riderPayout },
      postings: ['settlement_out'],
    });
  });
});
