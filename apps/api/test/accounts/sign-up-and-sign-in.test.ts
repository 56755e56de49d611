import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

describe.each(ACCOUNT_TARGETS)('sign-up, sign-in, sign-out on $name', (target) => {
  let w: AccountsWorld;
  beforeEach(async () => {
    w = await accountsWorld(target);
  });
  afterEach(async () => w.dispose());

  it('signs up: an Argon2id hash, the password_verification row, a welcome email, a session cookie', async () => {
    const reply = await w.call('POST', '/api/auth/sign-up', { body: { email: '  Amani@Example.COM ', password: STRONG_PASSWORD } });

    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({ account: { userId: expect.any(String), email: 'amani@example.com', roles: [], isAdmin: false, sellerId: null } });
    const user = await w.harness.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.email).toBe('amani@example.com');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(STRONG_PASSWORD);
    const verification = await w.harness.db.selectFrom('password_verification').selectAll().executeTakeFirstOrThrow();
    expect(verification).toMatchObject({ user_id: user.id, confirmed_at: '2026-03-02T07:00:00.000Z' });
    expect(Boolean(verification.password_confirmed)).toBe(true);
    expect(await w.emailsTo('amani@example.com')).toEqual([expect.objectContaining({ subject: 'Welcome to Escrow Delivery' })]);

    const me = await w.call('GET', '/api/me', { cookie: reply.sessionCookie ?? '' });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'amani@example.com', roles: [], isAdmin: false, sellerId: null });
  });

  it('sets an HttpOnly, SameSite=Lax, site-wide session cookie holding a 256-bit token that is stored only as a hash', async () => {
    const reply = await w.call('POST', '/api/auth/sign-up', { body: { email: 'amani@example.com', password: STRONG_PASSWORD } });
    const line = reply.setCookie.find((l) => l.startsWith('session='));
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=2592000/);
    // Plain HTTP (a laptop): no Secure flag, or the browser would drop the cookie.
    expect(line).not.toMatch(/Secure/);
    expect(reply.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await w.harness.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]?.id).not.toBe(reply.sessionCookie);
    expect(sessions[0]).toMatchObject({ expires_at: '2026-04-01T07:00:00.000Z', idle_expires_at: '2026-03-09T07:00:00.000Z' });
  });

  it('marks the cookie Secure and __Host- over HTTPS', async () => {
    const secure = await accountsWorld(target, { secureCookies: true });
    try {
      const reply = await secure.call('POST', '/api/auth/sign-up', { body: { email: 'amani@example.com', password: STRONG_PASSWORD } });
      const line = reply.setCookie.find((l) => l.startsWith('__Host-session='));
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).not.toMatch(/Domain=/);
      const token = /^__Host-session=([^;]+)/.exec(line ?? '')?.[1] ?? '';
      const me = await secure.app.request('http://shop.test/api/me', { headers: { cookie: `__Host-session=${token}` } });
      expect(me.status).toBe(200);
      // The plain name is not read when cookies are secure.
      expect((await secure.app.request('http://shop.test/api/me', { headers: { cookie: `session=${token}` } })).status).toBe(401);
    } finally {
      await secure.dispose();
    }
  });

  it.each([
    ['', STRONG_PASSWORD, 'Email is required'],
    ['not-an-email', STRONG_PASSWORD, 'Invalid email address'],
    ['amani@example.com', 'Ab1!', 'Password must be at least 6 characters'],
    ['amani@example.com', 'sokoni#2026', 'Password must contain at least one uppercase letter'],
    ['amani@example.com', 'Sokoni#abc', 'Password must contain at least one number'],
    ['amani@example.com', 'Sokoni2026', 'Password must contain at least one special character'],
  ])('refuses sign-up of %j / %j with the first failing message %j', async (email, password, message) => {
    const reply = await w.call('POST', '/api/auth/sign-up', { body: { email, password } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await w.harness.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    await w.signUp('amani@example.com');
    const reply = await w.call('POST', '/api/auth/sign-up', { body: { email: 'AMANI@example.com', password: 'Another#Pass1' } });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({ code: 'EMAIL_ALREADY_REGISTERED', message: 'An account with this email already exists. Please sign in.' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await w.signUp('amani@example.com');
    const wrong = await w.call('POST', '/api/auth/sign-in', { body: { email: 'amani@example.com', password: 'Wrong#Pass1' } });
    const unknown = await w.call('POST', '/api/auth/sign-in', { body: { email: 'nobody@example.com', password: 'Wrong#Pass1' } });
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(reply.sessionCookie).toBeUndefined();
    }
  });

  it('signs in with a new session (rotation: the browser\'s old session ends) and records the time', async () => {
    const first = await w.signUp('amani@example.com');
    w.clock.advance(60_000);
    const reply = await w.call('POST', '/api/auth/sign-in', { cookie: first, body: { email: ' AMANI@example.com', password: STRONG_PASSWORD } });

    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ account: { email: 'amani@example.com' } });
    expect(reply.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.sessionCookie).not.toBe(first);
    expect((await w.call('GET', '/api/me', { cookie: first })).status).toBe(401);
    expect((await w.call('GET', '/api/me', { cookie: reply.sessionCookie ?? '' })).status).toBe(200);
    const user = await w.harness.db.selectFrom('users').select('last_sign_in_at').executeTakeFirstOrThrow();
    expect(user.last_sign_in_at).toBe('2026-03-02T07:01:00.000Z');
  });

  it('accepts an old password that predates the strength rules (sign-in checks only the shape)', async () => {
    const hash = await w.deps.passwords.hash('oldpassword');
    await w.harness.db.insertInto('users').values({ id: 'legacy', email: 'legacy@example.com', password_hash: hash, created_at: '2025-01-01T00:00:00.000Z', last_sign_in_at: null }).execute();
    expect((await w.call('POST', '/api/auth/sign-in', { body: { email: 'legacy@example.com', password: 'oldpassword' } })).status).toBe(200);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const token = await w.signUp('amani@example.com');
    const reply = await w.call('POST', '/api/auth/sign-out', { cookie: token });
    expect(reply.status).toBe(200);
    expect(reply.sessionCookie).toBe('');
    expect(await w.harness.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const me = await w.call('GET', '/api/me', { cookie: token });
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });

  it('answers GET /api/auth/session with 200 either way: the account, or null for visitors', async () => {
    const anonymous = await w.call('GET', '/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ data: { account: null } });
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const token = await w.signUp('amani@example.com');
    expect((await w.call('GET', '/api/auth/session', { cookie: token })).body.data).toEqual({
      account: { userId: expect.any(String), email: 'amani@example.com', roles: [], isAdmin: false, sellerId: null },
    });
  });

  it('tells the frontends about the admin role', async () => {
    const token = await w.signUp('amani@example.com');
    const { grantAdminRole } = await import('@escrow/core');
    expect((await grantAdminRole(w.deps, { email: 'amani@example.com' })).ok).toBe(true);
    expect((await w.call('GET', '/api/me', { cookie: token })).body.data).toMatchObject({ roles: ['admin'], isAdmin: true });
  });

  it('answers /api/me with 401 to anonymous callers and to made-up tokens, and is never cached', async () => {
    for (const cookie of [undefined, 'x'.repeat(43), 'short']) {
      const reply = await w.call('GET', '/api/me', cookie === undefined ? {} : { cookie });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });
});
