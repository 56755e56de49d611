import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  phoneOfRiderProof,
  purgeExpiredRiderPhoneRows,
  requestRiderPhoneCode,
  resolveRiderPhoneProof,
  revokeRiderPhoneProof,
  RIDER_PHONE_CODE_TTL_MS,
  RIDER_PHONE_PROOF_TTL_MS,
  verifyRiderPhoneCode,
  type Random,
  type RiderPhoneDeps,
} from '../../src/index.js';
import { memoryWorld } from '../support/world.js';

const LISTED = '+254733333333';
const UNLISTED = '+254744444444';
const sha256Digest = { sha256Hex: (value: string) => createHash('sha256').update(value, 'utf8').digest('hex') };

function world() {
  const ctx = memoryWorld();
  const deps: RiderPhoneDeps = { store: ctx.store, clock: ctx.clock, random: ctx.deps.random, digest: sha256Digest };
  return { ...ctx, deps };
}

type World = ReturnType<typeof world>;

const smsTo = (w: World, phone: string) => [...w.store.state.outbox.values()].filter((m) => m.payload['channel'] === 'sms' && m.payload['to'] === phone);

/** The code as the rider reads it: from the newest SMS to the phone. */
function codeFromSms(w: World, phone: string): string {
  const last = smsTo(w, phone).at(-1);
  const code = /rider code is (\d{6})/.exec(String(last?.payload['body']))?.[1];
  if (!code) throw new Error(`no rider code SMS to ${phone}`);
  return code;
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function proven(w: World, phone = LISTED) {
  expect((await requestRiderPhoneCode(w.deps, { input: { phone } })).ok).toBe(true);
  const result = await verifyRiderPhoneCode(w.deps, { input: { phone, code: codeFromSms(w, phone) } });
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

describe('riders prove their phone with a code sent by SMS', () => {
  it('sends a 6-digit code to a listed phone as a short, sensitive SMS through the outbox, stored only hashed', async () => {
    const w = world();
    const sent = await requestRiderPhoneCode(w.deps, { input: { phone: '0733 333 333' } });
    expect(sent).toEqual({ ok: true, value: { phone: LISTED, expiresAt: new Date(w.clock.now().getTime() + RIDER_PHONE_CODE_TTL_MS) } });
    const [sms, ...more] = smsTo(w, LISTED);
    expect(more).toEqual([]);
    expect(sms?.payload).toMatchObject({ channel: 'sms', to: LISTED, sensitive: true });
    const body = String(sms?.payload['body']);
    expect(body).toMatch(/^Escrow Delivery: your rider code is \d{6}\. It expires in 10 minutes\. Do not share it\.$/);
    expect(body.length).toBeLessThanOrEqual(160);
    const code = codeFromSms(w, LISTED);
    const [row] = [...w.store.state.riderPhoneCodes.values()];
    expect(row).toMatchObject({ phone: LISTED, used: false, attempts: 0 });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row?.codeHash).toBe(sha256Digest.sha256Hex(`rider-phone-code:${row?.id}:${code}`));
  });

  it('answers a phone no seller lists exactly as a listed one, and texts it nothing', async () => {
    const w = world();
    const listed = await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const unlisted = await requestRiderPhoneCode(w.deps, { input: { phone: UNLISTED } });
    expect(Object.keys(unlisted.ok ? unlisted.value : {})).toEqual(Object.keys(listed.ok ? listed.value : {}));
    expect(unlisted).toEqual({ ok: true, value: { phone: UNLISTED, expiresAt: expect.any(Date) } });
    expect(smsTo(w, UNLISTED)).toEqual([]);
    expect(w.store.state.outbox.size).toBe(1);
    // The same work otherwise: a code row, so checking a code answers alike too.
    expect([...w.store.state.riderPhoneCodes.values()].map((c) => c.phone).sort()).toEqual([LISTED, UNLISTED]);
    const wrong = await verifyRiderPhoneCode(w.deps, { input: { phone: UNLISTED, code: '123456' } });
    expect(wrong).toEqual({ ok: false, error: { code: 'INVALID_RIDER_CODE', attemptsLeft: 4 } });
  });

  it('refuses a malformed phone or code in words', async () => {
    const w = world();
    expect(await requestRiderPhoneCode(w.deps, { input: { phone: '' } })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Please enter your phone number' } });
    expect(await requestRiderPhoneCode(w.deps, { input: { phone: '12345' } })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Enter a Kenyan phone number such as 0712345678' } });
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: '12a456' } })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Enter the 6-digit code from the SMS' } });
    expect(await requestRiderPhoneCode(w.deps, { input: null })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(w.store.state.outbox.size).toBe(0);
  });

  it('a right code proves the phone once; the proof speaks for that phone only', async () => {
    const w = world();
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const code = codeFromSms(w, LISTED);
    const proof = await verifyRiderPhoneCode(w.deps, { input: { phone: '0733333333', code: ` ${code} ` } });
    if (!proof.ok) throw new Error(proof.error.code);
    expect(proof.value).toEqual({ phone: LISTED, token: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/), expiresAt: new Date(w.clock.now().getTime() + RIDER_PHONE_PROOF_TTL_MS) });
    // Stored by its hash only.
    expect([...w.store.state.riderPhoneProofs.keys()]).toEqual([sha256Digest.sha256Hex(`rider-phone-proof:${proof.value.token}`)]);
    expect(JSON.stringify([...w.store.state.riderPhoneProofs.values()])).not.toContain(proof.value.token);
    // Spent: the same code again is no longer a code.
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code } })).toEqual({ ok: false, error: { code: 'INVALID_RIDER_CODE' } });

    expect(await resolveRiderPhoneProof(w.deps, { token: proof.value.token, phone: '0733 333 333' })).toEqual({ ok: true, value: { kind: 'rider', phone: LISTED, phoneProven: true } });
    expect(await resolveRiderPhoneProof(w.deps, { token: proof.value.token, phone: UNLISTED })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    for (const token of [undefined, '', 'x'.repeat(43), `${proof.value.token}x`, 'y'.repeat(5000)]) {
      expect(await resolveRiderPhoneProof(w.deps, { token, phone: LISTED })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    }
  });

  it('five wrong codes spend the code: the sixth try is refused even when right', async () => {
    const w = world();
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const code = codeFromSms(w, LISTED);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) left.push(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: wrongFor(code) } }));
    expect(left).toEqual([4, 3, 2, 1, 0].map((attemptsLeft) => ({ ok: false, error: { code: 'INVALID_RIDER_CODE', attemptsLeft } })));
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code } })).toEqual({ ok: false, error: { code: 'RIDER_CODE_LOCKED' } });
    expect(w.store.state.riderPhoneProofs.size).toBe(0);
    // A new code starts again.
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    expect((await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: codeFromSms(w, LISTED) } })).ok).toBe(true);
  });

  it('a code expires after 10 minutes (a wrong one is still just wrong); a new code replaces the old', async () => {
    const w = world();
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const first = codeFromSms(w, LISTED);
    w.clock.advance(RIDER_PHONE_CODE_TTL_MS - 1);
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const second = codeFromSms(w, LISTED);
    if (first !== second) expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: first } })).toMatchObject({ ok: false, error: { code: 'INVALID_RIDER_CODE' } });
    w.clock.advance(RIDER_PHONE_CODE_TTL_MS);
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: wrongFor(second) } })).toMatchObject({ ok: false, error: { code: 'INVALID_RIDER_CODE' } });
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: second } })).toEqual({ ok: false, error: { code: 'RIDER_CODE_EXPIRED' } });
  });

  it('a code right at 9:59 works; at 10:00 it has expired', async () => {
    const w = world();
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const code = codeFromSms(w, LISTED);
    w.clock.advance(RIDER_PHONE_CODE_TTL_MS - 1_000);
    expect((await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code } })).ok).toBe(true);
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    const next = codeFromSms(w, LISTED);
    w.clock.advance(RIDER_PHONE_CODE_TTL_MS);
    expect(await verifyRiderPhoneCode(w.deps, { input: { phone: LISTED, code: next } })).toEqual({ ok: false, error: { code: 'RIDER_CODE_EXPIRED' } });
  });

  it('codes are six digits with leading zeros kept, drawn from the Random port', async () => {
    const w = world();
    const zeros: Random = { ...w.deps.random, int: () => 42 };
    await requestRiderPhoneCode({ ...w.deps, random: zeros }, { input: { phone: LISTED } });
    expect(codeFromSms(w, LISTED)).toBe('000042');
  });

  it('a proof lasts 30 days, can be revoked, and expired rows are purged', async () => {
    const w = world();
    const a = await proven(w);
    const b = await proven(w);
    expect(await revokeRiderPhoneProof(w.deps, { token: a.token })).toEqual({ ok: true, value: { revoked: true } });
    expect(await revokeRiderPhoneProof(w.deps, { token: a.token })).toEqual({ ok: true, value: { revoked: false } });
    expect(await revokeRiderPhoneProof(w.deps, { token: undefined })).toEqual({ ok: true, value: { revoked: false } });
    expect(await resolveRiderPhoneProof(w.deps, { token: a.token, phone: LISTED })).toMatchObject({ ok: false });
    expect(await resolveRiderPhoneProof(w.deps, { token: b.token, phone: LISTED })).toMatchObject({ ok: true });
    expect(await phoneOfRiderProof(w.deps, { token: b.token })).toEqual({ ok: true, value: { phone: LISTED } });
    expect(await phoneOfRiderProof(w.deps, { token: a.token })).toEqual({ ok: true, value: { phone: null } });
    expect(await phoneOfRiderProof(w.deps, { token: undefined })).toEqual({ ok: true, value: { phone: null } });
    w.clock.advance(RIDER_PHONE_PROOF_TTL_MS - 1);
    expect(await resolveRiderPhoneProof(w.deps, { token: b.token, phone: LISTED })).toMatchObject({ ok: true });
    await requestRiderPhoneCode(w.deps, { input: { phone: LISTED } });
    w.clock.advance(1);
    expect(await resolveRiderPhoneProof(w.deps, { token: b.token, phone: LISTED })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    expect(await phoneOfRiderProof(w.deps, { token: b.token })).toEqual({ ok: true, value: { phone: null } });
    // The last code is still alive (10 minutes); the spent ones and the proof are gone.
    expect(await purgeExpiredRiderPhoneRows(w.deps, w.clock.now())).toEqual({ codes: 2, proofs: 1 });
    expect(w.store.state.riderPhoneCodes.size).toBe(1);
    expect(w.store.state.riderPhoneProofs.size).toBe(0);
  });
});
