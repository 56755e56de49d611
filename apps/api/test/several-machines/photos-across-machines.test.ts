import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startS3Server, type S3Server } from '@escrow/storage-s3/testing';
import {
  assignNewRider,
  buyerHeaders,
  buyerOrder,
  confirmPayment,
  createOrder,
  fetchTransport,
  freshEmail,
  freshMpesaReceipt,
  PNG,
  riderCredentials,
  riderHeaders,
  riderSteps,
  seedCall,
  signUp,
  signUpSeller,
  viewKeyOf,
  type SeedOrder,
  type SeedTransport,
} from '@escrow/test-kit';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { c2bConfirmationBody, c2bConfirmationPath } from '../helpers/c2b-confirmation.js';
import { adminCli, startTwoMachines, type Machine, type TwoMachines } from './two-machines.js';

// Several machines, one service (issue 22): two API processes started as an operator would
// (separate DATA_DIRs, one PostgreSQL schema, one bucket on an S3 server this test starts,
// FILE_STORAGE=s3), driven over real HTTP only, the admin CLI run as a process on one of them.
// Photos uploaded through one machine are read through the other; purge run on one removes the
// objects; a stopped S3 server fails an upload clearly and leaves no half order.

const postgres = await postgresForTests('photos across two API processes');

/** Generous: two cores, two API processes and an S3 server from TypeScript sources, beside the rest of the suite. */
const STEP_MS = 240_000;

let s3: S3Server;
let machines: TwoMachines;

beforeAll(async () => {
  if (!postgres.available) return;
  s3 = await startS3Server();
  machines = await startTwoMachines(postgres.url, s3);
}, STEP_MS);

afterAll(async () => {
  s3?.thaw();
  await machines?.close();
  await s3?.close();
}, 60_000);

/** The Cookie header of a client's session. */
const cookieOf = (signedIn: { readonly cookies: ReadonlyMap<string, string> }): string => [...signedIn.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A client of `machine` carrying the session cookies another client got (a session made on one machine, used on the other). */
const sameSession = (machine: Machine, signedIn: { readonly cookies: ReadonlyMap<string, string> }): SeedTransport => fetchTransport(machine.base, { cookie: cookieOf(signedIn) });

/** Everyone in the bucket under order-photos/{folder}/, as s3rver keeps it on its disk. */
function objectsIn(folder: string, bucket: string): string[] {
  const dir = join(s3.directory, bucket, 'order-photos', folder);
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('._S3rver_object')).map((name) => name.replace(/\._S3rver_object$/, '')) : [];
}

/** Neither machine keeps photos on its own disk. */
const photosOnDisk = (machine: Machine): boolean => existsSync(join(machine.dataDir, 'uploads', 'order-photos'));

async function getPhoto(machine: Machine, url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const response = await fetch(`${machine.base}${url}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * An M-Pesa-prepaid order made by `seller` through `made`, paid as M-Pesa does (the C2B
 * confirmation reaches `confirmedOn`, the buyer types the receipt on `made`), a new rider assigned
 * through `assignedOn`, who accepts through `made`.
 */
async function acceptedOrder(seller: SeedTransport, on: { made: Machine; confirmedOn: Machine; assignedOn: SeedTransport }): Promise<{ order: SeedOrder; rider: SeedTransport }> {
  const order = await createOrder(seller);
  const receipt = freshMpesaReceipt();
  const confirmed = await fetch(`${on.confirmedOn.base}${c2bConfirmationPath()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c2bConfirmationBody({ transId: receipt, billRefNumber: order.trackingNumber, amountCents: order.price })),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  await confirmPayment(fetchTransport(on.made.base, buyerHeaders(viewKeyOf(order.links.buyer))), order.id, receipt);
  const assigned = await assignNewRider(on.assignedOn, order.id);
  const riderLink = assigned.links.rider ?? '';
  const rider = fetchTransport(on.made.base, riderHeaders(riderLink));
  await riderSteps(rider, riderCredentials(riderLink).orderId).accept();
  return { order: assigned, rider };
}

describe.runIf(postgres.available)('two API processes (separate DATA_DIRs, one PostgreSQL, one S3 bucket)', () => {
  let sellerOnA: ReturnType<typeof fetchTransport>;
  let pickupUrl: string;
  let productUrl: string;
  let photoOrder: SeedOrder;

  it('a pickup photo uploaded through A, and a product photo through B, are read through the other by the seller, the buyer and the admin', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    sellerOnA = fetchTransport(a.base);
    await signUpSeller(sellerOnA, freshEmail('machines-seller'), { businessName: 'Two Machines Electronics' });
    const sellerOnB = sameSession(b, sellerOnA);

    // The rider's pickup photo, through A.
    const { order, rider } = await acceptedOrder(sellerOnA, { made: a, confirmedOn: b, assignedOn: sellerOnB });
    photoOrder = order;
    const picked = await riderSteps(rider, order.id).pickup();
    expect(picked).toMatchObject({ pickupPhotoUrl: expect.stringMatching(/^\/uploads\/order-photos\/pickup\/\d+-[A-Za-z0-9_-]+\.png$/) });
    pickupUrl = (picked as { pickupPhotoUrl: string }).pickupPhotoUrl;

    // A product photo, through B (the create-order form as multipart).
    const form = new FormData();
    for (const [key, value] of Object.entries({ itemName: 'Tecno Spark 20', price: '18000', buyerName: 'Akinyi Otieno', buyerPhone: '0722000222', buyerAddress: 'Ngong Road, Kilimani', deliveryCost: '250', estate: 'Kilimani' })) form.set(key, value);
    form.set('productPhoto', new File([Buffer.from(PNG)], 'product.png', { type: 'image/png' }));
    const created = await fetch(`${b.base}/api/seller/orders`, { method: 'POST', headers: { origin: b.base, cookie: cookieOf(sellerOnA) }, body: form });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(201);
    const productOrder = (JSON.parse(createdText) as { data: { order: SeedOrder & { productPhotoUrl: string } } }).data.order;
    productUrl = productOrder.productPhotoUrl;
    expect(productUrl).toMatch(/^\/uploads\/order-photos\/products\/\d+-[A-Za-z0-9_-]+\.png$/);

    // In the bucket, on neither machine's disk.
    expect(objectsIn('pickup', machines.bucket)).toContain(pickupUrl.split('/').pop());
    expect(objectsIn('products', machines.bucket)).toContain(productUrl.split('/').pop());
    expect(photosOnDisk(a)).toBe(false);
    expect(photosOnDisk(b)).toBe(false);

    // The seller, through B, finds the pickup photo on the order and reads it; through A, the product photo.
    const sellerViewOnB = await seedCall<{ pickupPhotoUrl: string | null }>(sellerOnB, { method: 'GET', path: `/api/seller/orders/${order.id}` }, 200, 'seller order on B');
    expect(sellerViewOnB.pickupPhotoUrl).toBe(pickupUrl);
    const sellerCookie = { cookie: cookieOf(sellerOnA) };
    expect(await getPhoto(b, pickupUrl, sellerCookie)).toEqual({ status: 200, type: 'image/png', bytes: new Uint8Array(PNG) });
    const productViewOnA = await seedCall<{ productPhotoUrl: string | null }>(sellerOnA, { method: 'GET', path: `/api/seller/orders/${productOrder.id}` }, 200, 'seller order on A');
    expect(productViewOnA.productPhotoUrl).toBe(productUrl);
    expect(await getPhoto(a, productUrl, sellerCookie)).toEqual({ status: 200, type: 'image/png', bytes: new Uint8Array(PNG) });

    // The buyer (the link's key), through B.
    const buyerOnB = fetchTransport(b.base, buyerHeaders(viewKeyOf(order.links.buyer)));
    const buyerView = await buyerOrder<{ pickupPhotoUrl: string | null; status: string }>(buyerOnB, order.id);
    expect(buyerView).toMatchObject({ pickupPhotoUrl: pickupUrl, status: 'in_transit' });
    expect(await getPhoto(b, pickupUrl)).toEqual({ status: 200, type: 'image/png', bytes: new Uint8Array(PNG) });

    // The admin: an account made admin by the CLI on A, signed in through B.
    const adminOnB = fetchTransport(b.base);
    const adminEmail = freshEmail('machines-admin');
    await signUp(adminOnB, adminEmail);
    const granted = await adminCli(a, ['grant-admin', adminEmail]);
    expect(granted.code, `${granted.stdout}${granted.stderr}`).toBe(0);
    const adminView = await seedCall<{ id: string; status: string }>(adminOnB, { method: 'GET', path: `/api/admin/orders/${order.id}` }, 200, 'admin order on B');
    expect(adminView).toMatchObject({ id: order.id, status: 'in_transit' });
    const adminCookie = { cookie: cookieOf(adminOnB) };
    expect(await getPhoto(b, pickupUrl, adminCookie)).toEqual({ status: 200, type: 'image/png', bytes: new Uint8Array(PNG) });
    expect(await getPhoto(a, productUrl, adminCookie)).toEqual({ status: 200, type: 'image/png', bytes: new Uint8Array(PNG) });
  });

  it('a stranger gets 403 or 404 through both machines: another seller, a wrong buyer key, a non-admin, a guessed photo name', { timeout: STEP_MS }, async () => {
    expect(pickupUrl, 'the first test made the photos').toBeTruthy();
    const stranger = fetchTransport(machines.a.base);
    await signUpSeller(stranger, freshEmail('machines-stranger'), { businessName: 'Nosy Shop' });
    for (const machine of [machines.a, machines.b]) {
      const asStranger = sameSession(machine, stranger);
      const seller = await asStranger.send({ method: 'GET', path: `/api/seller/orders/${photoOrder.id}` });
      expect(seller.status, `${machine.name}: another seller's order`).toBe(404);
      const admin = await asStranger.send({ method: 'GET', path: `/api/admin/orders/${photoOrder.id}` });
      expect(admin.status, `${machine.name}: the admin's order view, as a seller`).toBe(403);
      const buyer = await fetchTransport(machine.base, buyerHeaders('WRONGKEY1234')).send({ method: 'GET', path: `/api/buyer/orders/${photoOrder.id}` });
      expect([403, 404], `${machine.name}: the buyer view with a wrong key: ${buyer.status} ${buyer.text}`).toContain(buyer.status);
      expect(buyer.text).not.toContain(pickupUrl);
      for (const guessed of [pickupUrl.replace(/\d+-[A-Za-z0-9_-]+\.png$/, `${Date.now()}-AAAAAAAAAAAAAAAAAAAAAA.png`), productUrl.replace('/products/', '/pickup/'), pickupUrl.replace('/pickup/', '/secrets/')]) {
        const photo = await getPhoto(machine, guessed, { cookie: cookieOf(stranger) });
        expect(photo.status, `${machine.name}: ${guessed}`).toBe(404);
      }
    }
  });

  it('purge-inactive run on A removes the purged seller\'s photos from the bucket, whichever machine stored them; other photos stay', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    const leaving = fetchTransport(b.base);
    const email = freshEmail('machines-leaving');
    await signUpSeller(leaving, email, { businessName: 'Leaving Shop' });
    const logoForm = new FormData();
    logoForm.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
    const cookie = cookieOf(leaving);
    const logo = await fetch(`${b.base}/api/seller/profile/logo`, { method: 'PUT', headers: { origin: b.base, cookie }, body: logoForm });
    const logoText = await logo.text();
    expect(logo.status, logoText).toBe(200);
    const logoUrl = (JSON.parse(logoText) as { data: { logoUrl: string } }).data.logoUrl;
    // An order with a product photo, through A, cancelled before payment (not open: the purge may take the seller).
    const form = new FormData();
    for (const [key, value] of Object.entries({ itemName: 'Old Radio', price: '1500', buyerName: 'Baraka Mwangi', buyerPhone: '0722000333', buyerAddress: 'Thika Road', deliveryCost: '200', estate: 'Roysambu' })) form.set(key, value);
    form.set('productPhoto', new File([Buffer.from(PNG)], 'radio.png', { type: 'image/png' }));
    const created = await fetch(`${a.base}/api/seller/orders`, { method: 'POST', headers: { origin: a.base, cookie }, body: form });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(201);
    const order = (JSON.parse(createdText) as { data: { order: { id: string; productPhotoUrl: string } } }).data.order;
    await seedCall(sameSession(a, leaving), { method: 'POST', path: `/api/seller/orders/${order.id}/cancel`, json: { reason: 'Sold elsewhere' } }, 200, 'cancel order');
    const purgedUrls = [logoUrl, order.productPhotoUrl];
    for (const url of purgedUrls) {
      expect(await getPhoto(a, url)).toMatchObject({ status: 200 });
      expect(await getPhoto(b, url)).toMatchObject({ status: 200 });
    }
    // Seven months without a sign-in.
    await machines.query('update users set last_sign_in_at = $1 where email = $2', [new Date(Date.now() - 213 * 86_400_000).toISOString(), email]);

    const purged = await adminCli(a, ['purge-inactive']);
    expect(purged.code, `${purged.stdout}${purged.stderr}`).toBe(0);
    expect(purged.stdout).toContain(`  - ${email} (seller "Leaving Shop"`);
    expect(purged.stdout).toContain(`Removed 2 stored photos from the bucket ${machines.bucket} (order-photos/).`);
    for (const url of purgedUrls) {
      expect(objectsIn(url.split('/')[3] ?? '', machines.bucket), url).not.toContain(url.split('/').pop());
      expect((await getPhoto(a, url)).status, `A: ${url}`).toBe(404);
      expect((await getPhoto(b, url)).status, `B: ${url}`).toBe(404);
    }
    // The first seller's photos were not anyone's to purge.
    expect((await getPhoto(b, pickupUrl)).status).toBe(200);
    expect((await getPhoto(a, productUrl)).status).toBe(200);
  });

  it('purge-inactive started 10 times at once, 5 on each machine: the account is anonymised once (one audit row) and its photo removed once', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    const leaving = fetchTransport(a.base);
    const email = freshEmail('machines-once');
    await signUpSeller(leaving, email, { businessName: 'Once Only Shop' });
    const logoForm = new FormData();
    logoForm.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
    const logo = await fetch(`${b.base}/api/seller/profile/logo`, { method: 'PUT', headers: { origin: b.base, cookie: cookieOf(leaving) }, body: logoForm });
    const logoText = await logo.text();
    expect(logo.status, logoText).toBe(200);
    const logoUrl = (JSON.parse(logoText) as { data: { logoUrl: string } }).data.logoUrl;
    const [user] = await machines.query<{ id: string }>('select id from users where email = $1', [email]);
    await machines.query('update users set last_sign_in_at = $1 where email = $2', [new Date(Date.now() - 213 * 86_400_000).toISOString(), email]);

    const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => adminCli(i % 2 === 0 ? a : b, ['purge-inactive'])));
    for (const run of runs) expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    const outputs = runs.map((run) => run.stdout);
    // One run anonymised the account and removed its logo; each other one found the purge running, or nobody left to purge.
    expect(outputs.filter((out) => out.includes(`  - ${email} (seller "Once Only Shop"`)), outputs.join('\n---\n')).toHaveLength(1);
    expect(outputs.filter((out) => /Removed 1 stored photo from the bucket/.test(out)), outputs.join('\n---\n')).toHaveLength(1);
    for (const out of outputs.filter((o) => !o.includes(email))) expect(out, out).toMatch(/^Another purge-inactive is running|^Anonymised 0 accounts/);
    // The effect, counted in the database: one audit row for the account, its e-mail gone.
    const audits = await machines.query<{ n: string }>('select count(*) as n from admin_audit_log where subject_id = $1', [user?.id]);
    expect(Number(audits[0]?.n)).toBe(1);
    expect(await machines.query('select id from users where email = $1', [email])).toEqual([]);
    expect((await getPhoto(a, logoUrl)).status).toBe(404);
    const ran = outputs.filter((out) => !/^Another purge-inactive is running/.test(out)).length;
    console.info(`several machines: 10 purge-inactive runs at once: ${ran} ran (1 anonymised), ${10 - ran} found another running`);
  });

  it('the S3 server stopped (SIGSTOP: it takes the connection, answers nothing) when a rider uploads a pickup photo: 503 with Retry-After and a clear message, no object, no half order; the retry goes through', { timeout: STEP_MS }, async () => {
    const { a, b } = machines;
    const sellerOnB = sameSession(b, sellerOnA);
    const { order } = await acceptedOrder(sellerOnA, { made: a, confirmedOn: a, assignedOn: sellerOnB });
    const before = objectsIn('pickup', machines.bucket);
    const statusBefore = (await seedCall<{ status: string }>(sellerOnA, { method: 'GET', path: `/api/seller/orders/${order.id}` }, 200, 'seller order')).status;
    expect(statusBefore).not.toBe('in_transit');
    s3.freeze();
    let upload: { status: number; text: string; retryAfter: string | null; ms: number };
    try {
      const form = new FormData();
      form.set('photo', new File([Buffer.from(PNG)], 'pickup.png', { type: 'image/png' }));
      const started = performance.now();
      const response = await fetch(`${b.base}/api/rider/orders/${order.id}/pickup`, { method: 'POST', headers: { origin: b.base, ...riderHeaders(order.links.rider ?? '') }, body: form });
      upload = { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after'), ms: performance.now() - started };
    } finally {
      s3.thaw();
    }
    expect(upload.status, upload.text).toBe(503);
    expect(upload.retryAfter).toBe('5');
    expect(JSON.parse(upload.text) as unknown).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
    // Under the SDK's limits (3 s idle, two tries), with room for a loaded machine.
    expect(upload.ms).toBeLessThan(30_000);
    expect(b.api.output()).toMatch(/storage timed out/);
    // No half order, seen through the other machine: not picked up, no photo URL; no object left behind.
    const seen = await seedCall<{ status: string; pickupPhotoUrl: string | null }>(sameSession(a, sellerOnA), { method: 'GET', path: `/api/seller/orders/${order.id}` }, 200, 'seller order on A');
    expect(seen).toMatchObject({ status: statusBefore, pickupPhotoUrl: null });
    expect(objectsIn('pickup', machines.bucket)).toEqual(before);
    // With the S3 server back, the rider's retry through A goes through and B serves the photo.
    const retried = await riderSteps(fetchTransport(a.base, riderHeaders(order.links.rider ?? '')), order.id).pickup();
    const url = (retried as { pickupPhotoUrl: string }).pickupPhotoUrl;
    expect((await getPhoto(b, url)).status).toBe(200);
    console.info(`several machines: pickup upload with the S3 server stopped answered ${upload.status} in ${Math.round(upload.ms)} ms: ${upload.text}`);
  });
});
