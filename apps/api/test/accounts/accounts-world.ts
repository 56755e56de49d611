import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cryptoRandom, type AccountsDeps } from '@escrow/core';
import { FixedClock } from '@escrow/core/testing';
import { createKyselyAccountsStore, createKyselyFailureCounters, createKyselyRateLimiter } from '@escrow/db-kysely';
import { FsFileStorage } from '@escrow/storage-fs';
import type { Hono } from 'hono';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, sqliteTarget, type StoreHarness, type StoreTarget } from '@escrow/db-kysely/testing';
import { Argon2PasswordHasher } from '../../src/accounts/argon2-password-hasher.js';
import type { AccountsHttpOptions } from '../../src/features/accounts-context.js';
import { sha256Digest } from '../../src/accounts/sha256-digest.js';
import { createApp } from '../../src/http/create-app.js';
import { healthySqlite } from '../helpers/test-app.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const postgres = await postgresForTests('API accounts');
/** SQLite always; PostgreSQL when reachable (mandatory with CI=true, see postgres.ts). */
export const ACCOUNT_TARGETS: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

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
  readonly deps: AccountsDeps;
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

/**
 * The production app factory with the accounts routes on a fresh real database (SQLite file or
 * PostgreSQL schema), a clock the test moves, the real Argon2id hasher and rate limiter.
 */
export async function accountsWorld(target: StoreTarget, options: Partial<AccountsHttpOptions> = {}): Promise<AccountsWorld> {
  const harness = await target.open();
  const clock = new FixedClock(new Date('2026-03-02T07:00:00.000Z'));
  const uploadsDir = await mkdtemp(join(tmpdir(), 'escrow-accounts-uploads-'));
  const deps: AccountsDeps = {
    store: createKyselyAccountsStore(harness.db, harness.dialect),
    clock,
    random: cryptoRandom,
    passwords: new Argon2PasswordHasher(),
    digest: sha256Digest,
  };
  const app = createApp({
    checkDatabase: healthySqlite,
    logger: recordingLogger(),
    accounts: { deps, files: new FsFileStorage(uploadsDir), rateLimiter: createKyselyRateLimiter(harness.db), failureCounters: createKyselyFailureCounters(harness.db), ...options },
  });

  const call: AccountsWorld['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN, ...o.headers };
    if (o.cookie !== undefined) headers['cookie'] = `session=${o.cookie}`;
    let body: FormData | string | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
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
    deps,
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
    async dispose() {
      await harness.dispose();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
