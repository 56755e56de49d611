import { cryptoRandom, purgeInactiveAccounts, systemClock } from '@escrow/core';
import { createKyselyInactiveAccounts } from '@escrow/db-kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, PASSWORD } from '../escrow-seller/seller-world.js';
import { lateServer } from '../helpers/late-server.js';
import { openSellerWorld } from '../escrow-seller/seller-world.js';
import { openGoogleWorld, type GoogleWorld } from './google-world.js';

const fresh = () => randomUUID().slice(0, 12);
const authError = (code: string) => `/auth?error=${code}`;

describe.each(DIALECTS)('sign in with Google on %s, over real HTTP against a local OpenID Connect stub (decision 0060)', (dialect) => {
  let g: GoogleWorld;
  beforeAll(async () => {
    g = await openGoogleWorld(dialect);
  }, 60_000);
  afterAll(async () => g?.dispose());
  beforeEach(() => g.stub.reset());

  const db = () => g.world.composed.database.db;
  const googleUser = (email: string, emailVerified: unknown = true) => {
    g.stub.user = { sub: `google-${fresh()}`, email, email_verified: emailVerified };
    return g.stub.user;
  };
  const userRow = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const passwordSignIn = (email: string, password = PASSWORD) => g.world.call('POST', '/api/auth/sign-in', { json: { email, password } });

  it('says Google is on, so /auth shows the button', async () => {
    const response = await fetch(`${g.api}/api/auth/sign-in-options`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ data: { google: true } });
  });

  it('starts with PKCE (S256), a nonce and a state bound to a short-lived HttpOnly, SameSite=Lax cookie', async () => {
    const browser = g.browser();
    const authorization = new URL(await browser.start());
    expect(authorization.origin + authorization.pathname).toBe(`${g.stub.issuer}/o/oauth2/v2/auth`);
    const q = authorization.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ response_type: 'code', client_id: g.stub.clientId, redirect_uri: `${g.api}/api/auth/google/callback`, scope: 'openid email', code_challenge_method: 'S256' });
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = browser.setCookies.find((line) => line.startsWith('google_sign_in='));
    expect(cookie).toBe(`google_sign_in=${q.get('state')}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`);
    // Neither the verifier nor the nonce is in the browser: only the state's hash is a key on the server.
    const rows = await db().selectFrom('oauth_sign_in_attempts').selectAll().execute();
    expect(rows.some((row) => row.nonce === q.get('nonce') && row.id !== q.get('state'))).toBe(true);
  });

  it('opens a new seller account without a password for an unknown verified email, signed in with the same session cookie as a password sign-in', async () => {
    const email = `new-${fresh()}@gmail.com`;
    const who = googleUser(email);
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe('/seller/signup');
    // The token request carried the PKCE verifier; the stub checked it against the challenge.
    expect(g.stub.tokenRequests).toHaveLength(1);
    expect(g.stub.tokenRequests[0]?.form['code_verifier']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = browser.setCookies.find((line) => line.startsWith('session='));
    expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(browser.setCookies).toContainEqual(expect.stringMatching(/^google_sign_in=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/));
    const me = await browser.me();
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, sellerId: null, isAdmin: false });

    const row = await userRow(email);
    expect(row?.password_hash).toBe('!none');
    expect(row?.email_verified_at).not.toBeNull();
    expect(await db().selectFrom('oauth_identities').select(['provider', 'subject', 'user_id', 'email']).where('subject', '=', who.sub).execute()).toEqual([
      { provider: 'google', subject: who.sub, user_id: row?.id, email },
    ]);
    expect((await g.emailsTo(email)).map((m) => m.subject)).toEqual(['Welcome to Escrow Delivery']);
    // No password to guess: the same answer as a wrong password.
    const refused = await passwordSignIn(email);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('INVALID_CREDENTIALS');
    // The seller record is made as after a password sign-up; then Google lands on the dashboard.
    const profile = await g.world.call('POST', '/api/seller/profile', {
      cookie: browser.sessionToken,
      json: { businessName: 'Wanjiku Gadgets', location: 'Westlands, Nairobi', phone: '0712 345 678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true },
    });
    expect(profile.status, profile.text).toBe(201);
    // Payout details ask for the password (decision 0049): a Google session alone never changes them.
    const payout = await g.world.call('PUT', '/api/seller/profile/payout-details', { cookie: browser.sessionToken, json: { method: 'paybill', paybillNumber: '247247', accountReference: '0123456789', currentPassword: 'Anything#1' } });
    expect([payout.status, payout.body.error?.code]).toEqual([400, 'PASSWORD_NOT_SET']);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/dashboard');
  });

  it('finds a linked account by its Google subject even after the Google address changed', async () => {
    const email = `first-${fresh()}@gmail.com`;
    const who = googleUser(email);
    const first = g.browser();
    expect(await first.signInWithGoogle()).toBe('/seller/signup');
    const userId = (await first.me()).body.data?.['userId'];
    g.stub.user = { ...who, email: `renamed-${fresh()}@gmail.com` };
    const again = g.browser();
    expect(await again.signInWithGoogle()).toBe('/seller/signup');
    expect((await again.me()).body.data).toMatchObject({ userId, email });
    expect(await db().selectFrom('users').select('id').where('email', '=', g.stub.user.email).execute()).toEqual([]);
  });

  it('lets a Google-only account set a password with an emailed reset code, and then sign in with it too', async () => {
    const email = `reset-${fresh()}@gmail.com`;
    googleUser(email);
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe('/seller/signup');
    const change = await g.world.call('POST', '/api/auth/change-password', { cookie: browser.sessionToken, json: { currentPassword: 'Anything#1', newPassword: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' } });
    expect(change.status).toBe(400);
    expect(change.body.error?.code).toBe('PASSWORD_NOT_SET');
    expect((await g.world.call('POST', '/api/auth/send-password-reset-code', { json: { email } })).status).toBe(200);
    const code = (await g.emailsTo(email)).map((m) => /reset code is: (\d{6})/.exec(m.body)?.[1]).filter(Boolean).at(-1);
    const reset = await g.world.call('POST', '/api/auth/reset-password', { json: { email, code, password: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' } });
    expect(reset.status, reset.text).toBe(200);
    expect((await passwordSignIn(email, 'Mpya$Siri99')).status).toBe(200);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/signup');
  });

  it('links an existing seller account by its verified email; a password nobody proved is removed and its sessions end', async () => {
    const seller = await g.world.seller('Amani Phones');
    const who = googleUser(seller.email);
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe('/seller/dashboard');
    expect((await browser.me()).body.data).toMatchObject({ userId: seller.userId, sellerId: seller.sellerId, email: seller.email });
    expect(await db().selectFrom('oauth_identities').select(['user_id', 'subject']).where('user_id', '=', seller.userId).execute()).toEqual([{ user_id: seller.userId, subject: who.sub }]);
    // Whoever opened the account with this address (never proven) loses the password and every session.
    expect((await passwordSignIn(seller.email)).status).toBe(401);
    expect((await g.world.call('GET', '/api/me', { cookie: seller.cookie })).status).toBe(401);
    const linked = (await g.emailsTo(seller.email)).at(-1);
    expect(linked?.subject).toBe('Google sign-in was added to your Escrow Delivery account');
    expect(linked?.body).toContain('the password the account was opened with has been removed');
    // Later sign-ins go by subject.
    expect(await g.browser().signInWithGoogle()).toBe('/seller/dashboard');
  });

  it('keeps the password of an account whose owner proved the address (a reset code used) when linking it', async () => {
    const seller = await g.world.seller('Baraka Electronics');
    expect((await g.world.call('POST', '/api/auth/send-password-reset-code', { json: { email: seller.email } })).status).toBe(200);
    const code = (await g.emailsTo(seller.email)).map((m) => /reset code is: (\d{6})/.exec(m.body)?.[1]).filter(Boolean).at(-1);
    expect((await g.world.call('POST', '/api/auth/reset-password', { json: { email: seller.email, code, password: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' } })).status).toBe(200);
    const other = await passwordSignIn(seller.email, 'Mpya$Siri99');
    const otherCookie = /session=([^;]+)/.exec(other.headers.getSetCookie().join('\n'))?.[1];
    googleUser(seller.email);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/dashboard');
    expect((await passwordSignIn(seller.email, 'Mpya$Siri99')).status).toBe(200);
    expect((await g.world.call('GET', '/api/me', { cookie: otherCookie })).status).toBe(200);
    expect((await g.emailsTo(seller.email)).at(-1)?.body).not.toContain('removed');
  });

  it('refuses an email Google has not verified (false, "true" as text, or missing): no account, no session', async () => {
    for (const verified of [false, 'true', undefined]) {
      const email = `unverified-${fresh()}@example.com`;
      // Set directly: a default parameter would turn the missing claim into true.
      g.stub.user = { sub: `google-${fresh()}`, email, email_verified: verified };
      const browser = g.browser();
      expect(await browser.signInWithGoogle()).toBe(authError('OAUTH_EMAIL_NOT_VERIFIED'));
      expect(browser.sessionToken).toBeUndefined();
      expect(await userRow(email)).toBeUndefined();
    }
    // Nor does an unverified address link to the account that has it.
    const seller = await g.world.seller('Chebet Shoes');
    googleUser(seller.email, false);
    expect(await g.browser().signInWithGoogle()).toBe(authError('OAUTH_EMAIL_NOT_VERIFIED'));
    expect((await passwordSignIn(seller.email)).status).toBe(200);
  });

  it('refuses a callback whose state is not the one this browser was given (login CSRF), and no session is made', async () => {
    googleUser(`csrf-${fresh()}@gmail.com`);
    // The attacker's own flow, finished in the victim's browser.
    const attacker = g.browser();
    const attackersCallback = await attacker.authorize(await attacker.start());
    const victim = g.browser();
    await victim.start();
    expect(await victim.finish(attackersCallback)).toBe(authError('OAUTH_STATE_INVALID'));
    expect(victim.sessionToken).toBeUndefined();
    // A callback with no state cookie at all, or a tampered state, fares no better.
    const fresh1 = g.browser();
    const callback = new URL(await fresh1.authorize(await fresh1.start()));
    callback.searchParams.set('state', 'A'.repeat(43));
    expect(await fresh1.finish(callback.toString())).toBe(authError('OAUTH_STATE_INVALID'));
    expect(await g.browser().finish(attackersCallback)).toBe(authError('OAUTH_STATE_INVALID'));
    expect(g.stub.tokenRequests).toHaveLength(0);
  });

  it('refuses a replayed callback: a state works once, even with its cookie put back', async () => {
    googleUser(`replay-${fresh()}@gmail.com`);
    const browser = g.browser();
    const authorization = await browser.start();
    const state = new URL(authorization).searchParams.get('state') ?? '';
    const callback = await browser.authorize(authorization);
    expect(await browser.finish(callback)).toBe('/seller/signup');
    const replay = g.browser();
    replay.cookies.set('google_sign_in', state);
    expect(await replay.finish(callback)).toBe(authError('OAUTH_STATE_INVALID'));
    expect(replay.sessionToken).toBeUndefined();
    expect(g.stub.tokenRequests).toHaveLength(1);
  });

  it.each([
    ['a nonce that is not this sign-in\'s', { claims: { nonce: 'B'.repeat(43) } }],
    ['a signature made with a key Google does not publish', { forgedSignature: true }],
    ['another audience', { claims: { aud: 'someone-else.apps.googleusercontent.com', azp: 'someone-else.apps.googleusercontent.com' } }],
    ['another issuer', { claims: { iss: 'https://evil.example' } }],
    ['an expired token', { claims: { iat: Math.floor(Date.now() / 1000) - 7_200, exp: Math.floor(Date.now() / 1000) - 3_600 } }],
  ])('refuses an ID token with %s', async (_what, faults) => {
    const email = `bad-token-${fresh()}@gmail.com`;
    googleUser(email);
    g.stub.faults = faults;
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe(authError('OAUTH_SIGN_IN_FAILED'));
    expect(browser.sessionToken).toBeUndefined();
    expect(await userRow(email)).toBeUndefined();
    expect(g.world.logs.at(-1)).toMatchObject({ level: 'warn', message: 'Google sign-in callback refused', fields: { code: 'OAUTH_SIGN_IN_FAILED' } });
  });

  it('says so when the person cancels on Google\'s page', async () => {
    googleUser(`cancel-${fresh()}@gmail.com`);
    g.stub.faults = { deny: true };
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe(authError('OAUTH_CANCELLED'));
    expect(browser.sessionToken).toBeUndefined();
  });

  it('gives a clear error, within the timeout, when Google does not answer the token request', async () => {
    googleUser(`timeout-${fresh()}@gmail.com`);
    g.stub.faults = { hangTokenEndpoint: true };
    const browser = g.browser();
    const started = Date.now();
    expect(await browser.signInWithGoogle()).toBe(authError('OAUTH_PROVIDER_UNAVAILABLE'));
    // GOOGLE_TIMEOUT_MS=1000 in this world.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(browser.sessionToken).toBeUndefined();
  });

  it('never signs an admin in with Google, and links nothing to the admin account', async () => {
    const admin = await g.world.admin();
    googleUser(admin.email);
    expect(await g.browser().signInWithGoogle()).toBe(authError('OAUTH_ADMIN_NOT_ALLOWED'));
    expect(await db().selectFrom('oauth_identities').selectAll().where('user_id', '=', admin.userId).execute()).toEqual([]);
    expect((await passwordSignIn(admin.email)).status).toBe(200);
    // Nor an account that became admin after Google was linked to it.
    const email = `later-admin-${fresh()}@gmail.com`;
    googleUser(email);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/signup');
    const row = await userRow(email);
    await db().insertInto('user_roles').values({ user_id: row?.id ?? '', role: 'admin', granted_by: null, created_at: new Date().toISOString() }).execute();
    expect(await g.browser().signInWithGoogle()).toBe(authError('OAUTH_ADMIN_NOT_ALLOWED'));
  });

  it('forgets the Google link when the inactive-account purge anonymises the account: the same Google account then opens a new one', async () => {
    const email = `inactive-${fresh()}@gmail.com`;
    const who = googleUser(email);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/signup');
    const before = await userRow(email);
    await db().updateTable('users').set({ last_sign_in_at: new Date(Date.now() - 213 * 86_400_000).toISOString(), created_at: new Date(Date.now() - 213 * 86_400_000).toISOString() }).where('id', '=', before?.id ?? '').execute();
    const admin = await g.world.admin();
    const purged = await purgeInactiveAccounts(
      { accounts: createKyselyInactiveAccounts(db(), dialect), clock: systemClock, random: cryptoRandom },
      { actor: { kind: 'admin', userId: admin.userId }, dryRun: false },
    );
    expect(purged.ok && purged.value.anonymised.map((a) => a.userId)).toContain(before?.id);
    expect(await db().selectFrom('oauth_identities').selectAll().where('subject', '=', who.sub).execute()).toEqual([]);
    const browser = g.browser();
    expect(await browser.signInWithGoogle()).toBe('/seller/signup');
    expect((await browser.me()).body.data?.['userId']).not.toBe(before?.id);
  });

  it('refuses a second Google account on an account already linked to another', async () => {
    const email = `twice-${fresh()}@gmail.com`;
    googleUser(email);
    expect(await g.browser().signInWithGoogle()).toBe('/seller/signup');
    googleUser(email); // same address, another Google subject
    expect(await g.browser().signInWithGoogle()).toBe(authError('OAUTH_LINKED_TO_ANOTHER'));
  });
});

describe('without GOOGLE_* credentials (sqlite)', () => {
  it('does not mount the Google routes, and tells /auth to hide the button', async () => {
    const server = await lateServer();
    const world = await openSellerWorld('sqlite', { env: { PUBLIC_BASE_URL: server.url } });
    server.answerWith(world.app);
    try {
      const start = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
      expect(start.status).toBe(404);
      expect((await fetch(`${server.url}/api/auth/google/callback?state=x&code=y`, { redirect: 'manual' })).status).toBe(404);
      expect(await (await fetch(`${server.url}/api/auth/sign-in-options`)).json()).toEqual({ data: { google: false } });
    } finally {
      await server.close();
      await world.dispose();
    }
  });
});

describe('with Google down from the start (sqlite)', () => {
  it('ends on /auth with a clear error when the discovery document cannot be fetched, and writes nothing', async () => {
    const unreachable = await lateServer();
    const issuer = unreachable.url;
    await unreachable.close(); // nothing listens there any more
    const server = await lateServer();
    const world = await openSellerWorld('sqlite', { env: { PUBLIC_BASE_URL: server.url, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_OIDC_ISSUER: issuer, GOOGLE_TIMEOUT_MS: '500' } });
    server.answerWith(world.app);
    try {
      const start = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe(authError('OAUTH_PROVIDER_UNAVAILABLE'));
      expect(start.headers.getSetCookie()).toEqual([]);
      expect(await world.composed.database.db.selectFrom('oauth_sign_in_attempts').selectAll().execute()).toEqual([]);
    } finally {
      await server.close();
      await world.dispose();
    }
  });
});
