import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

const SIGNUP = {
  businessName: 'Amani Phones',
  location: 'Westlands, Nairobi',
  phone: '0712 345 678',
  whatsapp: '',
  businessProfile: 'Phones and accessories',
  about: '',
  paymentMethod: 'direct_mpesa',
  paymentNumber: '0712345678',
  termsAccepted: true,
};

describe.each(ACCOUNT_TARGETS)('the seller record on $name', (target) => {
  let w: AccountsWorld;
  let amani: string;
  beforeEach(async () => {
    w = await accountsWorld(target);
    amani = await w.signUp('amani@example.com');
  });
  afterEach(async () => w.dispose());

  const create = (cookie: string, body: unknown = SIGNUP) => w.call('POST', '/api/seller/profile', { cookie, body });
  const read = (cookie: string) => w.call('GET', '/api/seller/profile', { cookie });
  const logoForm = (bytes: Uint8Array, name = 'logo.png') => {
    const form = new FormData();
    form.set('logo', new File([bytes], name, { type: 'image/png' }));
    return form;
  };

  it('creates the record with normalised phones and the time the terms were accepted; /api/me then knows it', async () => {
    w.clock.advance(5_000);
    const reply = await create(amani);
    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({
      id: expect.any(String),
      businessName: 'Amani Phones',
      businessProfile: 'Phones and accessories',
      location: 'Westlands, Nairobi',
      phone: '+254712345678',
      whatsapp: null,
      logoUrl: null,
      about: null,
      paymentMethod: 'direct_mpesa',
      paymentNumber: '+254712345678',
      termsAccepted: true,
      termsAcceptedAt: '2026-03-02T07:00:05.000Z',
      email: 'amani@example.com',
      notifyBySms: true,
      notifyByEmail: true,
      // Where payouts go starts as the sign-up's M-Pesa number, unheld (decision 0049).
      payoutDetails: { method: 'mpesa_phone', phone: '+254712345678', paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null, heldUntil: null },
      createdAt: '2026-03-02T07:00:05.000Z',
      updatedAt: '2026-03-02T07:00:05.000Z',
    });
    expect((await read(amani)).body.data).toEqual(reply.body.data);
    expect((await w.call('GET', '/api/me', { cookie: amani })).body.data).toMatchObject({ sellerId: reply.body.data?.['id'] });
    expect(await w.harness.db.selectFrom('sellers').select(['email', 'user_id']).executeTakeFirstOrThrow()).toMatchObject({ email: 'amani@example.com' });
  });

  it.each([
    [{ termsAccepted: false }, 'Please accept the terms and conditions to continue'],
    [{ businessName: '  ' }, 'Business name is required'],
    [{ location: '' }, 'Location is required'],
    [{ phone: '12345' }, 'Enter a Kenyan phone number such as 0712345678'],
    [{ paymentMethod: 'bank' }, 'Please choose a payment method'],
    [{ paymentNumber: '' }, 'Payment number is required'],
    [{ paymentMethod: 'paybill', paymentNumber: '12' }, 'Enter a Paybill number of 5 to 7 digits'],
  ])('refuses %j with %j (spec section 5)', async (change, message) => {
    const reply = await create(amani, { ...SIGNUP, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect((await read(amani)).status).toBe(404);
  });

  it('needs a session, and makes one record per account', async () => {
    expect((await w.call('POST', '/api/seller/profile', { body: SIGNUP })).status).toBe(401);
    expect((await w.call('GET', '/api/seller/profile')).status).toBe(401);
    expect((await read(amani)).body.error).toEqual({ code: 'SELLER_NOT_FOUND', message: 'Seller not found' });
    expect((await create(amani)).status).toBe(201);
    const again = await create(amani);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'SELLER_ALREADY_EXISTS', message: 'You already have a seller profile' });
  });

  it('updates business details (empty WhatsApp saved as null) and about; the unguarded payment-info route is gone', async () => {
    await create(amani);
    const details = await w.call('PUT', '/api/seller/profile/business-details', {
      cookie: amani,
      body: { businessName: 'Amani Phones Ltd', location: 'CBD', phone: '+254 712 000 111', whatsapp: '0733 000 111' },
    });
    expect(details.body.data).toMatchObject({ businessName: 'Amani Phones Ltd', location: 'CBD', phone: '+254712000111', whatsapp: '+254733000111' });
    const cleared = await w.call('PUT', '/api/seller/profile/business-details', { cookie: amani, body: { businessName: 'Amani Phones Ltd', location: 'CBD', phone: '0712000111', whatsapp: '' } });
    expect(cleared.body.data).toMatchObject({ whatsapp: null });

    expect((await w.call('PUT', '/api/seller/profile/about', { cookie: amani, body: { about: '  Genuine phones since 2019 ' } })).body.data).toMatchObject({ about: 'Genuine phones since 2019' });
    expect((await w.call('PUT', '/api/seller/profile/about', { cookie: amani, body: { about: '' } })).body.data).toMatchObject({ about: null });

    // Where money goes changes only with the password (decision 0049), never through the spec's old section.
    expect((await w.call('PUT', '/api/seller/profile/payment-info', { cookie: amani, body: { paymentMethod: 'till_number', paymentNumber: '5123456' } })).status).toBe(404);
    expect((await read(amani)).body.data).toMatchObject({ paymentMethod: 'direct_mpesa', paymentNumber: '+254712345678', payoutDetails: { method: 'mpesa_phone', phone: '+254712345678' } });
  });

  describe('Notifications (decision 0048)', () => {
    const notifications = (cookie: string, body: unknown) => w.call('PUT', '/api/seller/profile/notifications', { cookie, body });

    it('starts with both, and takes SMS only, email only or both; the other sections leave the choice alone', async () => {
      await create(amani);
      expect((await read(amani)).body.data).toMatchObject({ email: 'amani@example.com', notifyBySms: true, notifyByEmail: true });
      w.clock.advance(1_000);
      const smsOnly = await notifications(amani, { notifyBySms: true, notifyByEmail: false });
      expect(smsOnly.status).toBe(200);
      expect(smsOnly.body.data).toMatchObject({ notifyBySms: true, notifyByEmail: false, updatedAt: '2026-03-02T07:00:01.000Z' });
      expect((await read(amani)).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: false });
      await w.call('PUT', '/api/seller/profile/about', { cookie: amani, body: { about: 'Phones' } });
      expect((await read(amani)).body.data).toMatchObject({ about: 'Phones', notifyBySms: true, notifyByEmail: false });
      expect((await notifications(amani, { notifyBySms: false, notifyByEmail: true })).body.data).toMatchObject({ notifyBySms: false, notifyByEmail: true });
      expect((await notifications(amani, { notifyBySms: true, notifyByEmail: true })).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    });

    it.each([
      [{ notifyBySms: false, notifyByEmail: false }, 'Choose at least one way to be told about your orders'],
      [{ notifyBySms: 'true', notifyByEmail: false }, 'Choose SMS, email or both'],
      [{ notifyBySms: 1, notifyByEmail: 0 }, 'Choose SMS, email or both'],
      [{ notifyBySms: null, notifyByEmail: true }, 'Choose SMS, email or both'],
      [{ notifyByEmail: true }, 'Choose SMS, email or both'],
      [[true, true], 'Please check the form and try again.'],
      ['sms', 'Please check the form and try again.'],
    ])('refuses %j with a 400 saying %j, and keeps the choice', async (body, message) => {
      await create(amani);
      const reply = await notifications(amani, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
      expect((await read(amani)).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    });

    it('refuses a body that is not JSON or too big with a 4xx, never a 5xx', async () => {
      await create(amani);
      const raw = (body: string, type = 'application/json') =>
        w.app.request('http://shop.test/api/seller/profile/notifications', { method: 'PUT', headers: { cookie: `session=${amani}`, origin: 'http://shop.test', 'content-type': type }, body });
      for (const [body, type] of [['{"notifyBySms": tru', 'application/json'], ['notifyBySms=true&notifyByEmail=true', 'application/x-www-form-urlencoded'], [`{"notifyBySms":true,"notifyByEmail":true,"pad":"${'x'.repeat(70_000)}"}`, 'application/json']] as const) {
        const response = await raw(body, type);
        expect(response.status, body.slice(0, 30)).toBeGreaterThanOrEqual(400);
        expect(response.status, body.slice(0, 30)).toBeLessThan(500);
      }
      expect((await read(amani)).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    });

    it('refuses email only when the account has no email address (SMS stays possible)', async () => {
      await create(amani);
      // The seller's snapshot of the address, as the inactive-account purge leaves it.
      await w.harness.db.updateTable('sellers').set({ email: null }).execute();
      expect((await read(amani)).body.data).toMatchObject({ email: null });
      const emailOnly = await notifications(amani, { notifyBySms: false, notifyByEmail: true });
      expect(emailOnly.status).toBe(400);
      expect(emailOnly.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Your account has no email address, so choose SMS to be told about your orders' });
      expect((await read(amani)).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: true });
      expect((await notifications(amani, { notifyBySms: true, notifyByEmail: false })).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: false });
    });

    it('needs a session (401) and a seller record (404)', async () => {
      expect((await w.call('PUT', '/api/seller/profile/notifications', { body: { notifyBySms: true, notifyByEmail: true } })).status).toBe(401);
      const before = await notifications(amani, { notifyBySms: true, notifyByEmail: false });
      expect(before.status).toBe(404);
      expect(before.body.error?.code).toBe('SELLER_NOT_FOUND');
    });
  });

  it('gives a seller nothing of another seller\'s record, whatever ids the request carries', async () => {
    const amaniRecord = (await create(amani)).body.data ?? {};
    const baraka = await w.signUp('baraka@example.com');
    const amaniUserId = (await w.call('GET', '/api/me', { cookie: amani })).body.data?.['userId'];

    // Before onboarding Baraka has no record, and cannot reach Amani's.
    expect((await read(baraka)).status).toBe(404);
    for (const [path, body] of [
      ['/api/seller/profile/business-details', { id: amaniRecord['id'], sellerId: amaniRecord['id'], userId: amaniUserId, businessName: 'Hijacked', location: 'X', phone: '0700000000' }],
      ['/api/seller/profile/about', { id: amaniRecord['id'], userId: amaniUserId, about: 'Hijacked' }],
      ['/api/seller/profile/payout-details', { id: amaniRecord['id'], userId: amaniUserId, method: 'paybill', paybillNumber: '999999', accountReference: 'HIJACK', currentPassword: STRONG_PASSWORD }],
      ['/api/seller/profile/notifications', { id: amaniRecord['id'], userId: amaniUserId, notifyBySms: true, notifyByEmail: false }],
    ] as const) {
      const reply = await w.call('PUT', path, { cookie: baraka, body });
      expect(reply.status).toBe(404);
      expect(reply.body.error?.code).toBe('SELLER_NOT_FOUND');
    }
    expect((await w.call('DELETE', '/api/seller/profile/logo', { cookie: baraka })).status).toBe(404);
    expect((await w.call('PUT', '/api/seller/profile/logo', { cookie: baraka, form: logoForm(PNG) })).status).toBe(404);
    // Ids in the path or query change nothing either.
    expect((await w.call('GET', `/api/seller/profile?id=${String(amaniRecord['id'])}`, { cookie: baraka })).status).toBe(404);
    expect((await w.call('GET', `/api/seller/profile/${String(amaniRecord['id'])}`, { cookie: baraka })).status).toBe(404);

    // After onboarding, Baraka's changes land on Baraka's record only.
    const barakaRecord = (await create(baraka, { ...SIGNUP, businessName: 'Baraka Boutique', userId: amaniUserId, id: amaniRecord['id'] })).body.data ?? {};
    expect(barakaRecord['id']).not.toBe(amaniRecord['id']);
    await w.call('PUT', '/api/seller/profile/about', { cookie: baraka, body: { id: amaniRecord['id'], about: 'Baraka about' } });
    expect((await read(amani)).body.data).toEqual(amaniRecord);
    expect((await read(baraka)).body.data).toMatchObject({ businessName: 'Baraka Boutique', about: 'Baraka about' });
  });

  it('stores a logo checked by its bytes at seller-logos/{sellerId}-{timestamp}.{ext}, replaces and removes it', async () => {
    const sellerId = String((await create(amani)).body.data?.['id']);
    const uploaded = await w.call('PUT', '/api/seller/profile/logo', { cookie: amani, form: logoForm(PNG) });
    expect(uploaded.status).toBe(200);
    const firstUrl = String(uploaded.body.data?.['logoUrl']);
    expect(firstUrl).toBe(`/uploads/order-photos/seller-logos/${sellerId}-${w.clock.now().getTime()}.png`);
    const firstFile = join(w.uploadsDir, 'order-photos', 'seller-logos', `${sellerId}-${w.clock.now().getTime()}.png`);
    expect(existsSync(firstFile)).toBe(true);

    w.clock.advance(1_000);
    // The type comes from the bytes, not the name: a JPEG called logo.png is stored as .jpg.
    const replaced = await w.call('PUT', '/api/seller/profile/logo', { cookie: amani, form: logoForm(JPEG, 'logo.png') });
    expect(String(replaced.body.data?.['logoUrl'])).toMatch(new RegExp(`/seller-logos/${sellerId}-\\d+\\.jpg$`));
    expect(existsSync(firstFile)).toBe(false);

    const notImage = await w.call('PUT', '/api/seller/profile/logo', { cookie: amani, form: logoForm(new TextEncoder().encode('<svg onload=alert(1)>'), 'logo.svg') });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error?.message).toBe('Please upload an image file (JPEG, PNG, WebP or GIF)');
    const noFile = await w.call('PUT', '/api/seller/profile/logo', { cookie: amani, form: new FormData() });
    expect(noFile.status).toBe(400);

    const removed = await w.call('DELETE', '/api/seller/profile/logo', { cookie: amani });
    expect(removed.body.data).toMatchObject({ logoUrl: null });
    expect(existsSync(join(w.uploadsDir, 'order-photos', 'seller-logos'))).toBe(true);
    expect((await read(amani)).body.data).toMatchObject({ logoUrl: null });
  });

  it('refuses a logo over 10 MB: by its size once read, and while reading a body far over it', async () => {
    await create(amani);
    const justOver = new Uint8Array(10 * 1024 * 1024 + 1);
    justOver.set(PNG);
    const over = await w.call('PUT', '/api/seller/profile/logo', { cookie: amani, form: logoForm(justOver) });
    expect(over.status).toBe(400);
    expect(over.body.error?.message).toBe('The photo can be at most 10 MB');

    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PNG);
    // As a browser sends it: the multipart body with its Content-Length.
    const encoded = new Response(logoForm(big));
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const response = await w.app.request('http://shop.test/api/seller/profile/logo', {
      method: 'PUT',
      headers: { cookie: `session=${amani}`, origin: 'http://shop.test', 'content-type': encoded.headers.get('content-type') ?? '', 'content-length': String(bytes.length) },
      body: bytes,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('The photo can be at most 10 MB');
    expect((await read(amani)).body.data).toMatchObject({ logoUrl: null });
  });
});
