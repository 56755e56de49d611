import { join } from 'node:path';
import { cryptoRandom, type AccountsDeps } from '@escrow/core';
import { FixedClock } from '@escrow/core/testing';
import { createKyselyAccountsStore, type SqlDialect } from '@escrow/db-kysely';
import type { StoreHarness } from '@escrow/db-kysely/testing';
import type { Hono } from 'hono';
import { Argon2PasswordHasher } from '../../src/accounts/argon2-password-hasher.js';
import { sha256Digest } from '../../src/accounts/sha256-digest.js';
import { composeApi, DIALECTS } from '../helpers/composed-api.js';

/** SQLite always; PostgreSQL when reachable (mandatory with CI=true). */
export const ACCOUNT_TARGETS: readonly { readonly name: SqlDialect; readonly dialect: SqlDialect }[] = DIALECTS.map((dialect) => ({ name: dialect, dialect }));

export const ORIGIN = 'http://shop.test';
export const STRONG_PASSWORD = 'Sokoni#2026';

export interface Reply {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string; message: string; attemptsLeft?: number } };
  headers: Headers;
  /** The session token the response set (undefined: none set; '' : cleared). */
  sessionCookie: string | undefined;
  setCookie: string[];
}

export interface AccountsWorld {
  readonly app: Hono;
  readonly clock: FixedClock;
  /** The accounts use cases' ports on the composed API's database, for what a test does beside the API (the admin CLI's grant, a planted user). */
  readonly deps: AccountsDeps;
  /** The composed API's own database and store. */
  readonly harness: StoreHarness;
  readonly uploadsDir: string;
  /** A request as the browser on this site sends it (Origin set), with an optional session cookie. */
  call(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string>; form?: FormData }): Promise<Reply>;
  /** Signs up (and so in) a new account; returns its session token. */
  signUp(email: string, password?: string): Promise<string>;
  /** Emails in the outbox to this address, oldest first. */
  emailsTo(address: string): Promise<{ subject: string; body: string }[]>;
  /** The code of the newest reset email to this address. */
  latestResetCode(address: string): Promise<string>;
  dispose(): Promise<void>;
}

/** Session token of a Set-Cookie list (`session=...`; Max-Age=0 or empty value means cleared). */
export function sessionCookieOf(setCookie: readonly string[]): string | undefined {
  for (const line of setCookie) {
    const match = /^(?:__Host-)?session=([^;]*)/.exec(line);
    if (match) return /max-age=0/i.test(line) ? '' : (match[1] ?? '');
  }
  return undefined;
}

export interface AccountsWorldOptions {
  /** TRUST_PROXY_HOPS: the client address is read from X-Forwarded-For through this many proxies. */
  readonly trustProxyHops?: number;
  /** PUBLIC_BASE_URL over https: the session cookie is `__Host-session`, Secure. */
  readonly secureCookies?: boolean;
}

/**
 * The API as production composes it (compose(), decision 0072) on a fresh real database (SQLite
 * file or PostgreSQL schema), on a clock the test moves, with the real Argon2id hasher and rate
 * limiter; requests come from this site's origin.
 */
export async function accountsWorld(target: { readonly dialect: SqlDialect }, options: AccountsWorldOptions = {}): Promise<AccountsWorld> {
  const clock = new FixedClock(new Date('2026-03-02T07:00:00.000Z'));
  const origin = options.secureCookies ? ORIGIN.replace('http:', 'https:') : ORIGIN;
  const env: NodeJS.ProcessEnv = {
    ...(options.trustProxyHops ? { TRUST_PROXY_HOPS: String(options.trustProxyHops) } : {}),
    ...(options.secureCookies ? { PUBLIC_BASE_URL: origin } : {}),
  };
  const api = await composeApi(target.dialect, { env, clock });
  const { app, database, deps } = api.composed;
  const harness: StoreHarness = { dialect: database.dialect, handle: database, db: database.db, store: deps.store, dispose: () => api.dispose() };
  const uploadsDir = join(api.dataDir, 'uploads');

  const call: AccountsWorld['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { origin, ...o.headers };
    if (o.cookie !== undefined) headers['cookie'] = `session=${o.cookie}`;
    let body: FormData | string | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const response = await app.request(`${origin}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const setCookie = response.headers.getSetCookie();
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Reply['body']) : {}, headers: response.headers, sessionCookie: sessionCookieOf(setCookie), setCookie };
  };

  const emailsTo = async (address: string) => {
    const rows = await harness.db.selectFrom('outbox').select(['payload']).orderBy('seq').execute();
    return rows
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; body: string })
      .filter((p) => p.to === address)
      .map(({ subject, body }) => ({ subject, body }));
  };

  return {
    app,
    clock,
    deps: { store: createKyselyAccountsStore(database.db, database.dialect), clock, random: cryptoRandom, passwords: new Argon2PasswordHasher(), digest: sha256Digest },
    harness,
    uploadsDir,
    call,
    async signUp(email, password = STRONG_PASSWORD) {
      const reply = await call('POST', '/api/auth/sign-up', { body: { email, password } });
      if (reply.status !== 201 || !reply.sessionCookie) throw new Error(`sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.sessionCookie;
    },
    emailsTo,
    async latestResetCode(address) {
      const code = (await emailsTo(address)).map((m) => /reset code is: (\d{6})/.exec(m.body)?.[1]).filter(Boolean).at(-1);
      if (!code) throw new Error(`no reset code emailed to ${address}`);
      return code;
    },
    dispose: () => api.dispose(),
  };
}
