import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

const NEW_PASSWORD = 'Mpya$Siri99';
const INVALID = { code: 'INVALID_RESET_CODE', message: 'Invalid code. Please check and try again.' };
const EXPIRED = { code: 'RESET_CODE_EXPIRED', message: 'Code has expired. Please request a new one.' };
const LOCKED = { code: 'RESET_CODE_LOCKED', message: 'Too many wrong codes were entered. Please request a new code.' };

/** A 6-digit code that is not `code`. */
const otherThan = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(ACCOUNT_TARGETS)('password reset by emailed code on $name', (target) => {
  let w: AccountsWorld;
  let firstSession: string;
  beforeEach(async () => {
    w = await accountsWorld(target);
    firstSession = await w.signUp('amani@example.com');
  });
  afterEach(async () => w.dispose());

  const requestCode = (email: string) => w.call('POST', '/api/auth/send-password-reset-code', { body: { email } });
  const verify = (email: string, code: string) => w.call('POST', '/api/auth/verify-reset-code', { body: { email, code } });
  const reset = (email: string, code: string, password = NEW_PASSWORD, confirmPassword = password) =>
    w.call('POST', '/api/auth/reset-password', { body: { email, code, password, confirmPassword } });
  const signIn = (password: string) => w.call('POST', '/api/auth/sign-in', { body: { email: 'amani@example.com', password } });

  it('emails a 6-digit code, stored only as a hash that lives 15 minutes', async () => {
    const reply = await requestCode(' Amani@Example.com ');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { sent: true } });
    const code = await w.latestResetCode('amani@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await w.harness.db.selectFrom('password_reset_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'amani@example.com', attempts: 0, expires_at: '2026-03-02T07:15:00.000Z' });
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers an address without an account exactly like one with, and sends it nothing', async () => {
    const known = await requestCode('amani@example.com');
    const unknown = await requestCode('nobody@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await w.emailsTo('nobody@example.com')).toEqual([]);
    // The same work is done either way (a code row is written), so timing does not tell either.
    expect(await w.harness.db.selectFrom('password_reset_codes').select('email').orderBy('email').execute()).toEqual([{ email: 'amani@example.com' }, { email: 'nobody@example.com' }]);
  });

  it('verifies the right code (lower-cased, trimmed email; trimmed code) without using it up', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    const reply = await verify('  AMANI@example.COM  ', ` ${code} `);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { verified: true } });
    expect((await verify('amani@example.com', code)).status).toBe(200);
  });

  it('refuses a wrong code with the spec message and counts it', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    const reply = await verify('amani@example.com', otherThan(code));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({ ...INVALID, attemptsLeft: 4 });
    expect((await w.harness.db.selectFrom('password_reset_codes').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(1);
  });

  it('refuses a code for an address that never asked for one', async () => {
    expect((await verify('amani@example.com', '123456')).body.error).toEqual(INVALID);
  });

  it('refuses an expired code with "Code has expired" (15 minutes)', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    w.clock.advance(15 * 60_000 - 1);
    expect((await verify('amani@example.com', code)).status).toBe(200);
    w.clock.advance(1);
    expect((await verify('amani@example.com', code)).body.error).toEqual(EXPIRED);
    expect((await reset('amani@example.com', code)).body.error).toEqual(EXPIRED);
    expect((await signIn(STRONG_PASSWORD)).status).toBe(200);
  });

  it('locks a code after 5 wrong tries: the 6th try is refused even with the right code', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    for (let i = 1; i <= 5; i += 1) {
      expect((await verify('amani@example.com', otherThan(code))).body.error).toEqual({ ...INVALID, attemptsLeft: 5 - i });
    }
    expect((await verify('amani@example.com', code)).body.error).toEqual(LOCKED);
    expect((await reset('amani@example.com', code)).body.error).toEqual(LOCKED);
    // A new code starts afresh.
    await requestCode('amani@example.com');
    expect((await verify('amani@example.com', await w.latestResetCode('amani@example.com'))).status).toBe(200);
  });

  it('counts wrong tries on reset-password too', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    for (let i = 0; i < 5; i += 1) expect((await reset('amani@example.com', otherThan(code))).body.error?.code).toBe('INVALID_RESET_CODE');
    expect((await reset('amani@example.com', code)).body.error).toEqual(LOCKED);
  });

  it('resets the password: the code is used up, every session ends, the owner is told by email', async () => {
    const otherDevice = (await signIn(STRONG_PASSWORD)).sessionCookie ?? '';
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');

    const reply = await reset(' Amani@example.com', ` ${code}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { reset: true } });

    expect((await w.call('GET', '/api/me', { cookie: firstSession })).status).toBe(401);
    expect((await w.call('GET', '/api/me', { cookie: otherDevice })).status).toBe(401);
    expect((await signIn(STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
    // Used: the same code never works twice.
    expect((await reset('amani@example.com', code, 'Third#Pass3')).body.error).toEqual(INVALID);
    expect((await verify('amani@example.com', code)).body.error).toEqual(INVALID);
    expect(Boolean((await w.harness.db.selectFrom('password_reset_codes').select('used').executeTakeFirstOrThrow()).used)).toBe(true);
    expect((await w.emailsTo('amani@example.com')).map((m) => m.subject)).toContain('Your Escrow Delivery password was changed');
  });

  it('lets only one of two parallel resets with the same code through', async () => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    const replies = await Promise.all([reset('amani@example.com', code, 'First#Pass1'), reset('amani@example.com', code, 'Second#Pass2')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('replaces an earlier code with a new one', async () => {
    await requestCode('amani@example.com');
    const first = await w.latestResetCode('amani@example.com');
    let second = first;
    while (second === first) {
      await requestCode('amani@example.com');
      second = await w.latestResetCode('amani@example.com');
    }
    expect((await verify('amani@example.com', first)).body.error).toEqual({ ...INVALID, attemptsLeft: 4 });
    expect((await verify('amani@example.com', second)).status).toBe(200);
  });

  it.each([
    [{ password: 'weak', confirmPassword: 'weak' }, 'Password must be at least 6 characters'],
    [{ password: NEW_PASSWORD, confirmPassword: 'Other$Pass1' }, 'Passwords do not match'],
  ])('checks the new password (%j) before the code: %j', async (passwords, message) => {
    await requestCode('amani@example.com');
    const code = await w.latestResetCode('amani@example.com');
    const reply = await w.call('POST', '/api/auth/reset-password', { body: { email: 'amani@example.com', code, ...passwords } });
    expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect((await w.harness.db.selectFrom('password_reset_codes').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(0);
  });

  it('refuses a code that is not 6 digits before looking anything up', async () => {
    const reply = await verify('amani@example.com', '12345a');
    expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Enter the 6-digit code' });
  });
});
