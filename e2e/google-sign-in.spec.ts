// "Continue with Google" in a real browser (decision 0060): the seller's phone goes from /auth to
// the provider and back through the API's callback, as a person's would. Google is a local OpenID
// Connect stub (the one the API tests use, @escrow/test-kit/oidc-stub), and the API is a second
// server of its own started with GOOGLE_* pointing at it: the suite's server runs without Google,
// as `npm start` does, and its /auth shows no button (e2e/accounts.spec.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOidcStub, type OidcStub } from '@escrow/test-kit/oidc-stub';
import { freePort, launchApi } from '../bench/api-process.mjs';
import { catalogue } from '@escrow/core/messages';
import { catalogueSw } from '@escrow/core/messages-sw';
import { expect } from './kit/test.ts';
import { test } from './kit/test.ts';

let stub: OidcStub;
let api: Awaited<ReturnType<typeof launchApi>>;
let dataDir: string;

test.beforeAll(async () => {
  stub = await startOidcStub();
  dataDir = mkdtempSync(join(tmpdir(), 'escrow-e2e-google-'));
  const port = String(await freePort());
  api = await launchApi({
    PATH: process.env.PATH,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: stub.clientId,
    GOOGLE_CLIENT_SECRET: stub.clientSecret,
    GOOGLE_OIDC_ISSUER: stub.issuer,
  });
});

test.afterAll(async () => {
  await api?.stop({ killAfterMs: 5_000 });
  await stub?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const googleAccount = (emailVerified: unknown = true) => {
  const email = `google-${randomUUID().slice(0, 8)}@gmail.com`;
  stub.user = { sub: `google-${randomUUID()}`, email, email_verified: emailVerified };
  return email;
};

test('a new seller continues with Google on a phone: to the provider and back, signed in, on the seller profile form', async ({ person }) => {
  const page = await person({ baseURL: api.base });
  const email = googleAccount();
  await page.goto('/auth');
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toBeVisible({ timeout: 20_000 });
  const box = await google.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  await google.click();
  await expect(page).toHaveURL(`${api.base}/seller/signup`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your seller profile' })).toBeVisible({ timeout: 20_000 });
  // The provider saw the PKCE challenge and the API's own callback; the browser holds a session of that account.
  expect(stub.authorizations.at(-1)?.get('code_challenge_method')).toBe('S256');
  expect(stub.authorizations.at(-1)?.get('redirect_uri')).toBe(`${api.base}/api/auth/google/callback`);
  const session = await page.request.get('/api/auth/session');
  expect(((await session.json()) as { data: { account: { email: string } | null } }).data.account?.email).toBe(email);
});

test('an unverified Google address ends on /auth with the reason, in the phone’s language, and no session', async ({ person }) => {
  for (const [locale, reason] of [
    ['en-KE', catalogue.accounts.googleEmailNotVerified],
    ['sw-KE', catalogueSw.accounts.googleEmailNotVerified],
  ] as const) {
    const page = await person({ baseURL: api.base, locale });
    googleAccount(false);
    await page.goto('/auth');
    await page.locator(`a[href="/api/auth/google"]`).click({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveText(reason, { timeout: 20_000 });
    // The code is read once: the address bar no longer carries it.
    await expect(page).toHaveURL(`${api.base}/auth`);
    const session = await page.request.get('/api/auth/session');
    expect(((await session.json()) as { data: { account: unknown } }).data.account).toBeNull();
  }
});

test('Cancel on the provider’s page ends on /auth with a message, not an error page', async ({ person }) => {
  const page = await person({ baseURL: api.base });
  googleAccount();
  stub.faults.deny = true;
  try {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveText(catalogue.accounts.googleCancelled, { timeout: 20_000 });
  } finally {
    stub.reset();
  }
});
