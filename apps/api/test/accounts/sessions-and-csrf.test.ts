import { SESSION_IDLE_TIMEOUT_MS } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

const DAY = 24 * 3_600_000;

describe.each(ACCOUNT_TARGETS)('sessions, password change and CSRF on $name', (target) => {
  let w: AccountsWorld;
  let token: string;
  beforeEach(async () => {
    w = await accountsWorld(target);
    token = await w.signUp('amani@example.com');
  });
  afterEach(async () => w.dispose());

  const me = (cookie: string) => w.call('GET', '/api/me', { cookie });

  it('ends a session left unused for 7 days (idle expiry), and clears its cookie', async () => {
    w.clock.advance(SESSION_IDLE_TIMEOUT_MS - 1);
    expect((await me(token)).status).toBe(200);
    w.clock.advance(SESSION_IDLE_TIMEOUT_MS);
    const reply = await me(token);
    expect(reply.status).toBe(401);
    expect(reply.sessionCookie).toBe('');
    expect(await w.harness.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('keeps a session in use alive (sliding), but never past 30 days (absolute expiry)', async () => {
    for (let day = 6; day < 30; day += 6) {
      w.clock.advance(6 * DAY);
      expect((await me(token)).status, `day ${day}`).toBe(200);
    }
    w.clock.advance(6 * DAY - 1); // day 30 minus 1 ms
    expect((await me(token)).status).toBe(200);
    w.clock.advance(1);
    expect((await me(token)).status).toBe(401);
  });

  it('changes the password: the current one is required; every other session ends; this browser gets a new one', async () => {
    const otherDevice = (await w.call('POST', '/api/auth/sign-in', { body: { email: 'amani@example.com', password: STRONG_PASSWORD } })).sessionCookie ?? '';
    const change = (body: Record<string, string>, cookie = token) => w.call('POST', '/api/auth/change-password', { cookie, body });

    expect((await change({ currentPassword: 'Wrong#Pass1', newPassword: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' })).body.error).toEqual({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Current password is incorrect',
    });
    expect((await change({ currentPassword: STRONG_PASSWORD, newPassword: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri98' })).body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: "New passwords don't match",
    });
    expect((await change({ currentPassword: STRONG_PASSWORD, newPassword: 'mpya', confirmPassword: 'mpya' })).body.error?.message).toBe('Password must be at least 6 characters');
    expect((await change({ currentPassword: '', newPassword: '', confirmPassword: '' })).body.error?.message).toBe('Please fill in all password fields');

    const reply = await change({ currentPassword: STRONG_PASSWORD, newPassword: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' });
    expect(reply.status).toBe(200);
    expect(reply.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(token)).status).toBe(401);
    expect((await me(otherDevice)).status).toBe(401);
    expect((await me(reply.sessionCookie ?? '')).status).toBe(200);
    expect((await w.call('POST', '/api/auth/sign-in', { body: { email: 'amani@example.com', password: 'Mpya$Siri99' } })).status).toBe(200);
    expect((await w.emailsTo('amani@example.com')).map((m) => m.subject)).toContain('Your Escrow Delivery password was changed');
  });

  it('refuses change-password without a session', async () => {
    const reply = await w.call('POST', '/api/auth/change-password', { body: { currentPassword: STRONG_PASSWORD, newPassword: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' } });
    expect(reply.status).toBe(401);
  });

  describe('CSRF: cookie-authenticated writes must come from this site', () => {
    const refused = { code: 'FORBIDDEN', message: 'This request did not come from this site and was refused. Please reload the page and try again.' };
    const signOut = (headers: Record<string, string>) => w.call('POST', '/api/auth/sign-out', { cookie: token, headers });

    it('refuses a write from another origin, and the session survives', async () => {
      const reply = await signOut({ origin: 'https://evil.example' });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toEqual(refused);
      expect((await me(token)).status).toBe(200);
    });

    it('refuses "Origin: null" (sandboxed frames, some redirects)', async () => {
      expect((await signOut({ origin: 'null' })).status).toBe(403);
    });

    it('refuses a write with the cookie but neither Origin nor Sec-Fetch-Site', async () => {
      const response = await w.app.request('http://shop.test/api/auth/sign-out', { method: 'POST', headers: { cookie: `session=${token}` } });
      expect(response.status).toBe(403);
    });

    it('refuses a cross-site Sec-Fetch-Site without Origin, accepts same-origin', async () => {
      const cross = await w.app.request('http://shop.test/api/auth/sign-out', { method: 'POST', headers: { cookie: `session=${token}`, 'sec-fetch-site': 'cross-site' } });
      expect(cross.status).toBe(403);
      const same = await w.app.request('http://shop.test/api/auth/sign-out', { method: 'POST', headers: { cookie: `session=${token}`, 'sec-fetch-site': 'same-origin' } });
      expect(same.status).toBe(200);
    });

    it('refuses a sign-in posted from another site (login CSRF), even without a cookie', async () => {
      const reply = await w.app.request('http://shop.test/api/auth/sign-in', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'amani@example.com', password: STRONG_PASSWORD }),
      });
      expect(reply.status).toBe(403);
    });

    it('lets reads through and lets cookie-less clients without Origin (scripts) write', async () => {
      expect((await w.app.request('http://shop.test/api/me', { headers: { cookie: `session=${token}`, origin: 'https://evil.example' } })).status).toBe(200);
      const script = await w.app.request('http://shop.test/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'amani@example.com', password: STRONG_PASSWORD }),
      });
      expect(script.status).toBe(200);
    });
  });
});
