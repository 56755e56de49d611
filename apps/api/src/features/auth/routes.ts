import {
  ACCOUNT_RATE_LIMITS,
  admitSignIn,
  changePassword,
  getAccount,
  requestPasswordReset,
  resetPassword,
  setAccountLocale,
  settleSignIn,
  signIn,
  signOut,
  signUp,
  verifyResetCode,
  type AccountAnswer,
  type PasswordReset,
  type RateLimitRule,
  type SessionAnswer,
  type SignInOptions,
  type Wire,
} from '@escrow/core';
import { changePasswordSchema, localeChoiceSchema, requestResetCodeSchema, resetPasswordSchema, signInSchema, signUpSchema, verifyResetCodeSchema } from '@escrow/core/validation';
import { accountAnswerSchema, passwordResetSchema, resetCodeSentSchema, resetCodeVerifiedSchema, sessionAnswerSchema, signInOptionsSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import type { AccountsHttp } from '../accounts-context.js';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import { rateLimited, tooManyRequests } from '../../http/escrow-rate-limits.js';
import { jsonBody } from '../../http/json-body.js';
import { languageOf } from '../../http/request-language.js';
import { signInRequired } from '../../http/require-seller.js';
import { clearSessionCookie, writeSessionCookie } from '../../http/session-cookie.js';
import { routeDoc } from '../../http/openapi.js';

const limits = (accounts: AccountsHttp) => ({ rateLimiter: accounts.rateLimiter, clock: accounts.deps.clock });

function limitChecks(accounts: AccountsHttp, c: Context, perAddress: RateLimitRule, perEmail: RateLimitRule, email: string) {
  return rateLimited(c, limits(accounts), [
    [perAddress, accounts.address(c)],
    [perEmail, email],
  ]);
}

/**
 * The account endpoints, mounted at /api/auth (the spec's auth calls and its two functions,
 * 'send-password-reset-code' and the reset itself):
 *   POST /sign-up                    email + new password; signs in (201, Set-Cookie)
 *   POST /sign-in                    email + password; a new session replaces the old one
 *   POST /sign-out                   ends this browser's session
 *   POST /send-password-reset-code   emails a 6-digit code; the same answer for any address
 *   POST /verify-reset-code          checks a code (/verify-reset-code page)
 *   POST /reset-password             sets a new password with the code; ends every session
 *   POST /change-password            signed in; current + new + confirm; ends every other session
 *   GET  /session                    the caller's account, or null: 200 either way, so a page that
 *                                    only asks "who is here?" never logs a failed request
 *   GET  /sign-in-options            {google}: whether "Continue with Google" is offered (decision 0060)
 *   PUT  /locale                     signed in; {locale: 'en'|'sw'}: the account's language, in which
 *                                    the seller's texts and emails are written (decision 0066)
 * The emails a request causes (welcome, reset code, password changed) are in its language
 * (cookie, else Accept-Language); sign-up records it as the account's.
 * Reset requests and code checks are rate-limited per address and per email. Sign-in is capped
 * per address, and wrong passwords slow the address they come from with growing waits (core's
 * sign-in-throttle.ts): failures from elsewhere never lock the owner out.
 */
export function authRoutes(accounts: AccountsHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const secure = accounts.secureCookies;

  app.post('/sign-up', routeDoc({ tag: 'auth', summary: 'Sign up with an email and a new password (signs in)', ok: { status: 201, description: 'The new account; Set-Cookie holds the session', schema: accountAnswerSchema }, errors: [409, 429] }), jsonBody(signUpSchema), async (c) => {
    const limited = await rateLimited(c, limits(accounts), [[ACCOUNT_RATE_LIMITS.signUpPerAddress, accounts.address(c)]]);
    if (limited) return limited;
    const result = await signUp(accounts.deps, { input: c.req.valid('json'), replacesSessionId: c.get('user')?.sessionId ?? null, locale: languageOf(c) });
    if (!result.ok) return sendResult(c, result);
    writeSessionCookie(c, result.value.issued, secure);
    accounts.sendOutboxSoon?.();
    return c.json({ data: { account: result.value.account } satisfies Wire<AccountAnswer> }, 201);
  });

  app.post('/sign-in', routeDoc({ tag: 'auth', summary: 'Sign in with email and password (a new session replaces the old one)', ok: { description: 'The account; Set-Cookie holds the session', schema: accountAnswerSchema }, errors: [401, 429] }), jsonBody(signInSchema), async (c) => {
    const body = c.req.valid('json');
    const address = accounts.address(c);
    const limited = await rateLimited(c, limits(accounts), [[ACCOUNT_RATE_LIMITS.signInPerAddress, address]]);
    if (limited) return limited;
    const throttle = { failures: accounts.failureCounters, clock: accounts.deps.clock };
    const gate = await admitSignIn(throttle, { email: body.email, address });
    if (!gate.ok) return tooManyRequests(c, gate.retryAfterMs);
    const result = await signIn(accounts.deps, { input: body, replacesSessionId: c.get('user')?.sessionId ?? null });
    await settleSignIn(throttle, gate.pass, result.ok ? 'signed-in' : result.error.code === 'INVALID_CREDENTIALS' ? 'wrong-credentials' : 'other');
    if (!result.ok) return sendResult(c, result);
    writeSessionCookie(c, result.value.issued, secure);
    return c.json({ data: { account: result.value.account } satisfies Wire<AccountAnswer> }, 200);
  });

  app.get('/session', routeDoc({ tag: 'auth', summary: 'The caller\'s account, or null (200 either way)', ok: { description: '`{ account }`, null when not signed in', schema: sessionAnswerSchema } }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.get('user');
    if (!user) return c.json({ data: { account: null } satisfies Wire<SessionAnswer> }, 200);
    const account = await getAccount(accounts.deps, { userId: user.userId });
    return c.json({ data: { account: account.ok ? account.value : null } satisfies Wire<SessionAnswer> }, 200);
  });

  // Whether /auth shows "Continue with Google": GOOGLE_* set (decision 0060). Fixed for the process's life.
  const signInOptions: SignInOptions = { google: accounts.google !== undefined };
  app.get('/sign-in-options', routeDoc({ tag: 'auth', summary: 'Whether "Continue with Google" is offered', ok: { description: '`{ google }`', schema: signInOptionsSchema } }), (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: signInOptions }, 200);
  });

  app.post('/sign-out', routeDoc({ tag: 'auth', summary: 'End this browser\'s session', ok: '`{ signedOut: true }`; the session cookie is cleared' }), async (c) => {
    const user = c.get('user');
    if (user) await signOut(accounts.deps, { sessionId: user.sessionId });
    clearSessionCookie(c, secure);
    return c.json({ data: { signedOut: true } }, 200);
  });

  app.post('/send-password-reset-code', routeDoc({ tag: 'auth', summary: 'Email a 6-digit password reset code (the same answer for any address)', ok: { description: 'The code was sent if the address has an account', schema: resetCodeSentSchema }, errors: [429] }), jsonBody(requestResetCodeSchema), async (c) => {
    const body = c.req.valid('json');
    const limited = await limitChecks(accounts, c, ACCOUNT_RATE_LIMITS.resetRequestPerAddress, ACCOUNT_RATE_LIMITS.resetRequestPerEmail, body.email);
    if (limited) return limited;
    const result = await requestPasswordReset(accounts.deps, { input: body, locale: languageOf(c) });
    if (result.ok) accounts.sendOutboxSoon?.();
    return sendResult(c, result);
  });

  app.post('/verify-reset-code', routeDoc({ tag: 'auth', summary: 'Check a password reset code', ok: { description: 'The code is right', schema: resetCodeVerifiedSchema }, errors: [429] }), jsonBody(verifyResetCodeSchema), async (c) => {
    const body = c.req.valid('json');
    const limited = await limitChecks(accounts, c, ACCOUNT_RATE_LIMITS.codeCheckPerAddress, ACCOUNT_RATE_LIMITS.codeCheckPerEmail, body.email);
    if (limited) return limited;
    return sendResult(c, await verifyResetCode(accounts.deps, { input: body }));
  });

  app.post('/reset-password', routeDoc({ tag: 'auth', summary: 'Set a new password with the reset code (ends every session)', ok: { description: '`{ reset: true }`', schema: passwordResetSchema }, errors: [429] }), jsonBody(resetPasswordSchema), async (c) => {
    const body = c.req.valid('json');
    const limited = await limitChecks(accounts, c, ACCOUNT_RATE_LIMITS.codeCheckPerAddress, ACCOUNT_RATE_LIMITS.codeCheckPerEmail, body.email);
    if (limited) return limited;
    const result = await resetPassword(accounts.deps, { input: body, locale: languageOf(c) });
    if (!result.ok) return sendResult(c, result);
    // Every session of the account has ended, this browser's too if it was signed in as it.
    if (c.get('user')?.email === result.value.email) clearSessionCookie(c, secure);
    accounts.sendOutboxSoon?.();
    return c.json({ data: { reset: true } satisfies Wire<PasswordReset> }, 200);
  });

  app.post('/change-password', routeDoc({ tag: 'auth', summary: 'Change the password: current, new and confirmation (ends every other session)', caller: ['session'], ok: { description: 'The account; Set-Cookie holds a new session', schema: accountAnswerSchema }, errors: [401, 429] }), jsonBody(changePasswordSchema), async (c) => {
    const user = c.get('user');
    if (!user) return signInRequired(c);
    const limited = await rateLimited(c, limits(accounts), [[ACCOUNT_RATE_LIMITS.changePasswordPerUser, user.userId]]);
    if (limited) return limited;
    const result = await changePassword(accounts.deps, { userId: user.userId, input: c.req.valid('json'), locale: languageOf(c) });
    if (!result.ok) return sendResult(c, result);
    writeSessionCookie(c, result.value.issued, secure);
    accounts.sendOutboxSoon?.();
    return c.json({ data: { account: result.value.account } satisfies Wire<AccountAnswer> }, 200);
  });

  // The seller's language switch (decision 0066). Not keyed: setting a language twice is setting it once.
  app.put('/locale', routeDoc({ tag: 'auth', summary: 'Set the account\'s language (en or sw) for its texts and emails', caller: ['session'], ok: 'The language set', errors: [401, 429] }), jsonBody(localeChoiceSchema), async (c) => {
    const user = c.get('user');
    if (!user) return signInRequired(c);
    const limited = await rateLimited(c, limits(accounts), [[ACCOUNT_RATE_LIMITS.localePerUser, user.userId]]);
    if (limited) return limited;
    return sendResult(c, await setAccountLocale(accounts.deps, { userId: user.userId, input: c.req.valid('json') }));
  });

  return app;
}

/** GET /api/me: who is signed in (email, roles, seller id), or 401. Never cached. */
export function meRoute(accounts: AccountsHttp): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', routeDoc({ tag: 'auth', summary: 'Who is signed in: email, roles, seller id', caller: ['session'], ok: 'The signed-in account', errors: [401] }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.get('user');
    if (!user) return signInRequired(c);
    return sendResult(c, await getAccount(accounts.deps, { userId: user.userId }));
  });
}
