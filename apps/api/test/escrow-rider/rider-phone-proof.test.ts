import { catalogue } from '@escrow/core';
import { FixedClock } from '@escrow/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { client, DIALECTS, freshAddress, freshPhone, from, localForm, openWorld, riderHeaders, type World } from '../escrow-support/world.js';
import { consoleNotifierMessages, readRiderCodeSms, riderCodeSmsCount, riderProofCookie } from '../helpers/rider-code-sms.js';
import { proveRiderPhone } from './rider-phone-support.js';

const TEN_MINUTES = 10 * 60_000;
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Riders prove their phone (issue 16 part 4, decision 0046) over HTTP: a code by SMS through the
 * outbox, 6 digits, 10 minutes, 5 tries, limited per phone and per address; the proof cookie
 * opens the job lists and taking a job, for its own phone only.
 */
describe.each(DIALECTS)('riders prove their phone on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  const sms = () => ({ db: world.handle.db, consoleFile: world.consoleFile });
  const outboxSmsTo = async (phone: string) =>
    (await world.handle.db.selectFrom('outbox').select('payload').orderBy('seq').execute()).map((r) => JSON.parse(r.payload) as Record<string, unknown>).filter((p) => p['to'] === phone);
  /** The rider-code SMS sent to `phone`, once the outbox has sent every one asked for. */
  const smsCount = async (phone: string) => {
    await world.sendOutboxNow();
    return riderCodeSmsCount(sms(), phone);
  };
  const codeRows = () => world.handle.db.selectFrom('rider_phone_codes').selectAll().execute();

  it('texts a code to a listed phone (E.164, sensitive, says who sent it); an unlisted phone gets the same answer and no SMS', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const listed = await world.riderOf(sellerId);
    const unlisted = freshPhone();
    const api = client(world.app);

    const forListed = await api.post('/api/rider/phone-code', { json: { phone: localForm(listed) } });
    const forUnlisted = await api.post('/api/rider/phone-code', { json: { phone: localForm(unlisted) } });
    for (const [reply, phone] of [[forListed, listed], [forUnlisted, unlisted]] as const) {
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.data).toEqual({ sent: true, phone, expiresAt: expect.any(String), resendAfterSeconds: 60, message: "If this number is on a seller's rider list, a code is on its way." });
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
    // Stored hashed: no column holds the code.
    const code = await readRiderCodeSms(sms(), listed);
    // Sent by the outbox (which keeps no code once delivered), as the phone receives it.
    const [message, ...more] = await outboxSmsTo(listed);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ channel: 'sms', to: listed, sensitive: true });
    expect(consoleNotifierMessages(world.consoleFile).filter((m) => m.to === listed)).toEqual([
      { channel: 'sms', to: listed, subject: 'Escrow Delivery rider code', body: expect.stringMatching(/^Escrow Delivery: your rider code is \d{6}\. It expires in 10 minutes\. Do not share it\.$/) },
    ]);
    expect(await outboxSmsTo(unlisted)).toEqual([]);
    expect(consoleNotifierMessages(world.consoleFile).filter((m) => m.to === unlisted)).toEqual([]);
    const rows = await codeRows();
    expect(rows.map((r) => r.phone).sort()).toEqual([listed, unlisted].sort());
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('an Idempotency-Key makes a retried request one code and one SMS', async () => {
    world = await openWorld(dialect);
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    const headers = { 'idempotency-key': `rider-code-${Date.now()}-0001` };
    const first = await api.post('/api/rider/phone-code', { json: { phone }, headers });
    const again = await api.post('/api/rider/phone-code', { json: { phone }, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await smsCount(phone)).toBe(1);
    expect(await codeRows()).toHaveLength(1);
  });

  it('five wrong codes spend the code: then even the right code is refused, in words', async () => {
    world = await openWorld(dialect);
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    await api.post('/api/rider/phone-code', { json: { phone } });
    const code = await readRiderCodeSms(sms(), phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await api.post('/api/rider/phone-proof', { json: { phone, code: wrong } });
      expect(reply.headers.get('set-cookie')).toBeNull();
      answers.push([reply.status, reply.json.error]);
    }
    expect(answers).toEqual([4, 3, 2, 1, 0].map((attemptsLeft) => [400, { code: 'INVALID_RIDER_CODE', message: 'Invalid code. Please check and try again.', attemptsLeft }]));
    const right = await api.post('/api/rider/phone-proof', { json: { phone, code } });
    expect(right.status).toBe(400);
    expect(right.json.error).toEqual({ code: 'RIDER_CODE_LOCKED', message: 'Too many wrong codes were entered. Please request a new code.' });
    expect(riderProofCookie(right.headers)).toBeUndefined();
    const malformed = await api.post('/api/rider/phone-proof', { json: { phone, code: '12 34' } });
    expect([malformed.status, malformed.json.error?.message]).toEqual([400, 'Enter the 6-digit code from the SMS']);
  });

  it('a code expires after 10 minutes (fake clock)', async () => {
    const clock = new FixedClock();
    world = await openWorld(dialect, { clock });
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    await api.post('/api/rider/phone-code', { json: { phone } });
    const code = await readRiderCodeSms(sms(), phone);
    clock.advance(TEN_MINUTES);
    const late = await api.post('/api/rider/phone-proof', { json: { phone, code } });
    expect([late.status, late.json.error]).toEqual([400, { code: 'RIDER_CODE_EXPIRED', message: 'Code has expired. Please request a new one.' }]);
    await api.post('/api/rider/phone-code', { json: { phone } });
    const fresh = await readRiderCodeSms(sms(), phone, 2);
    clock.advance(TEN_MINUTES - 1_000);
    const inTime = await api.post('/api/rider/phone-proof', { json: { phone, code: fresh } });
    expect(inTime.status, inTime.text).toBe(200);
    expect(inTime.json.data).toEqual({ phone, expiresAt: expect.any(String), message: 'Phone number confirmed.' });
  });

  it('limits codes per phone (3 per 15 minutes, 10 a day) and per address, with Retry-After and words, never a 500', async () => {
    const clock = new FixedClock();
    world = await openWorld(dialect, { clock });
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    const ask = (p = phone, address = freshAddress()) => api.post('/api/rider/phone-code', { json: { phone: p }, address });
    for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe(String(15 * 60));
    expect(fourth.json.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(await smsCount(phone)).toBe(3);
    // Another number is not held up by it.
    expect((await ask(freshPhone())).status).toBe(200);
    // A day: 3 per window, 10 in all.
    let sent = 3;
    for (let window = 1; window < 4; window += 1) {
      clock.advance(FIFTEEN_MINUTES);
      for (let i = 0; i < 3; i += 1) {
        const reply = await ask();
        expect(reply.status, `window ${window}, code ${i}`).toBe(sent < 10 ? 200 : 429);
        if (reply.status === 200) sent += 1;
      }
    }
    expect(sent).toBe(10);
    expect(await smsCount(phone)).toBe(10);

    // One address asking for many phones: 20 per 15 minutes.
    clock.advance(FIFTEEN_MINUTES);
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await ask(freshPhone(), address)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);

    // Code checks: 15 per phone per 15 minutes, then 429 whatever is typed.
    clock.advance(FIFTEEN_MINUTES);
    const other = await world.riderOf((await world.seller('Baraka')).sellerId);
    const checks = [];
    for (let i = 0; i < 16; i += 1) checks.push((await api.post('/api/rider/phone-proof', { json: { phone: other, code: '123456' } })).status);
    expect(checks.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(checks[15]).toBe(429);
  });

  it('the proof cookie: HttpOnly, SameSite=Lax, only for /api/rider, 30 days; Secure over https', async () => {
    world = await openWorld(dialect);
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    await api.post('/api/rider/phone-code', { json: { phone } });
    const proved = await api.post('/api/rider/phone-proof', { json: { phone, code: await readRiderCodeSms(sms(), phone) } });
    const set = proved.headers.getSetCookie().find((c) => c.startsWith('rider_proof='));
    expect(set).toMatch(/^rider_proof=[A-Za-z0-9_-]{43,}; Max-Age=2592000; Path=\/api\/rider; HttpOnly; SameSite=Lax$/);

    await api.post('/api/rider/phone-code', { json: { phone } });
    const code = await readRiderCodeSms(sms(), phone, 2);
    const overHttps = await world.app.request('https://escrow.example/api/rider/phone-proof', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, code }) }, from(freshAddress()));
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.getSetCookie().find((c) => c.startsWith('rider_proof='))).toMatch(/; Secure/);
  });

  it('the proof opens the job lists and taking a job, for its own phone only; revoked, it opens nothing', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const phoneA = await world.riderOf(sellerId);
    const phoneB = await world.riderOf(sellerId);
    const order = await world.paid(sellerId);
    const api = client(world.app);
    const proofA = await proveRiderPhone(world, phoneA);
    const notVerified = { code: 'RIDER_PHONE_NOT_VERIFIED', message: catalogue.rider.phoneNotVerified };
    // The page asks which phone this browser proved, and is never refused for asking.
    expect((await api.get('/api/rider/phone-proof', { headers: { cookie: proofA } })).json).toEqual({ data: { phone: phoneA } });
    expect((await api.get('/api/rider/phone-proof')).json).toEqual({ data: { phone: null } });
    expect((await api.get('/api/rider/phone-proof', { headers: { cookie: 'rider_proof=not-a-proof' } })).json).toEqual({ data: { phone: null } });

    for (const path of ['/api/rider/jobs/available', '/api/rider/jobs/assigned']) {
      const without = await api.get(path, { headers: riderHeaders(phoneA) });
      expect([without.status, without.json.error]).toEqual([401, notVerified]);
      // A proof of phone A never speaks for phone B.
      const aForB = await api.get(path, { headers: riderHeaders(phoneB, null, { cookie: proofA }) });
      expect([aForB.status, aForB.json.error]).toEqual([401, notVerified]);
      expect((await api.get(path, { headers: riderHeaders(localForm(phoneA), null, { cookie: proofA }) })).status).toBe(200);
    }
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders(phoneA, null, { cookie: proofA }) })).json.data?.['jobs']).toEqual([expect.objectContaining({ id: order.id })]);
    const bTakes = await api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(phoneB, null, { cookie: proofA }) });
    expect([bTakes.status, bTakes.json.error]).toEqual([401, notVerified]);

    // Revoked ("Change phone number" on the rider page): the cookie is cleared and the proof stops working everywhere.
    const stolenCopy = proofA;
    const out = await api.call('DELETE', '/api/rider/phone-proof', { headers: { cookie: proofA } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('rider_proof='))).toMatch(/^rider_proof=; Max-Age=0; Path=\/api\/rider/);
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders(phoneA, null, { cookie: stolenCopy }) })).status).toBe(401);
    expect((await api.get('/api/rider/phone-proof', { headers: { cookie: stolenCopy } })).json).toEqual({ data: { phone: null } });

    const again = await proveRiderPhone(world, phoneA);
    const taken = await api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(phoneA, null, { cookie: again }) });
    expect(taken.status, taken.text).toBe(200);
    expect((await world.reload(order.id)).riderPhone).toBe(phoneA);
  });

  it('a new proof in the same browser replaces the old one, which stops working', async () => {
    world = await openWorld(dialect);
    const phone = await world.riderOf((await world.seller()).sellerId);
    const api = client(world.app);
    const first = await proveRiderPhone(world, phone);
    await api.post('/api/rider/phone-code', { json: { phone } });
    const code = await readRiderCodeSms(sms(), phone, 2);
    const second = await api.post('/api/rider/phone-proof', { json: { phone, code }, headers: { cookie: first } });
    const replacement = riderProofCookie(second.headers);
    expect(replacement).toBeDefined();
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders(phone, null, { cookie: first }) })).status).toBe(401);
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders(phone, null, { cookie: replacement ?? '' }) })).status).toBe(200);
  });

  it('the rider link works without a proof: job, accept, and the buyer shown only after accepting', async () => {
    world = await openWorld(dialect);
    const { order, phone, key } = await world.assigned((await world.seller()).sellerId);
    const api = client(world.app);
    const base = `/api/rider/orders/${order.id}`;
    const before = await api.get(base, { headers: riderHeaders(phone, key) });
    expect(before.status).toBe(200);
    expect(before.json.data?.['delivery']).toMatchObject({ buyerDetailsHidden: true, buyerName: null, buyerPhone: null, address: null });
    expect((await api.post(`${base}/accept`, { headers: riderHeaders(phone, key) })).status).toBe(200);
    expect((await api.get(base, { headers: riderHeaders(phone, key) })).json.data?.['delivery']).toMatchObject({ buyerDetailsHidden: false, buyerName: order.buyerName, buyerPhone: order.buyerPhone, address: order.buyerAddress });
  });
});
