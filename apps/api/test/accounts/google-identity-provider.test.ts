import { systemClock } from '@escrow/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googleIdentityProvider } from '../../src/accounts/google-identity-provider.js';
import { startOidcStub, type OidcStub } from '@escrow/test-kit/oidc-stub';

const SECRET = 'A'.repeat(43);

describe('the Google identity provider against a local OpenID Connect stub (real HTTP)', () => {
  let stub: OidcStub;
  beforeAll(async () => {
    stub = await startOidcStub();
  });
  afterAll(async () => stub.close());
  beforeEach(() => stub.reset());

  const provider = (overrides: { issuer?: string; clientSecret?: string } = {}) =>
    googleIdentityProvider(
      { clientId: stub.clientId, clientSecret: overrides.clientSecret ?? stub.clientSecret, redirectUri: 'http://127.0.0.1:1/api/auth/google/callback', issuer: overrides.issuer ?? stub.issuer, timeoutMs: 1_000 },
      { clock: systemClock },
    );

  /** The code the stub's authorization page hands back for this sign-in. */
  async function codeFor(url: string): Promise<string> {
    const response = await fetch(url, { redirect: 'manual' });
    return new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }

  it('verifies a good sign-in, once: the same code again is refused by the provider', async () => {
    stub.user = { sub: 'sub-1', email: 'Wanjiku@Gmail.com', email_verified: true };
    const p = provider();
    const url = await p.authorizationUrl({ state: SECRET, codeVerifier: SECRET, nonce: SECRET });
    if (!url.ok) throw new Error(url.detail);
    const code = await codeFor(url.value);
    expect(await p.verifiedIdentity({ code, codeVerifier: SECRET, nonce: SECRET })).toEqual({ ok: true, value: { provider: 'google', subject: 'sub-1', email: 'Wanjiku@Gmail.com', emailVerified: true } });
    expect(await p.verifiedIdentity({ code, codeVerifier: SECRET, nonce: SECRET })).toMatchObject({ ok: false, failure: 'rejected', detail: 'token endpoint refused the code: invalid_grant' });
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const p = provider();
    const url = await p.authorizationUrl({ state: SECRET, codeVerifier: SECRET, nonce: SECRET });
    if (!url.ok) throw new Error(url.detail);
    expect(await p.verifiedIdentity({ code: await codeFor(url.value), codeVerifier: 'B'.repeat(43), nonce: SECRET })).toMatchObject({ ok: false, failure: 'rejected' });
  });

  it('treats a wrong client secret as a refusal, not as the provider being down', async () => {
    const p = provider({ clientSecret: 'wrong' });
    const url = await p.authorizationUrl({ state: SECRET, codeVerifier: SECRET, nonce: SECRET });
    if (!url.ok) throw new Error(url.detail);
    expect(await p.verifiedIdentity({ code: await codeFor(url.value), codeVerifier: SECRET, nonce: SECRET })).toMatchObject({ ok: false, failure: 'rejected', detail: 'token endpoint refused the code: invalid_client' });
  });

  it('will not use a discovery document that names another issuer (its keys would not be the issuer\'s)', async () => {
    const impostor = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer: stub.issuer, authorization_endpoint: `${stub.issuer}/o/oauth2/v2/auth`, token_endpoint: `${stub.issuer}/token`, jwks_uri: `${stub.issuer}/oauth2/v3/certs` }));
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await provider({ issuer: `http://127.0.0.1:${(impostor.address() as AddressInfo).port}` }).authorizationUrl({ state: SECRET, codeVerifier: SECRET, nonce: SECRET });
      expect(answer).toMatchObject({ ok: false, failure: 'unavailable', detail: expect.stringMatching(/^discovery names issuer/) });
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
  });

  it('says unavailable when discovery answers 503', async () => {
    stub.faults = { discoveryDown: true };
    expect(await provider().authorizationUrl({ state: SECRET, codeVerifier: SECRET, nonce: SECRET })).toEqual({ ok: false, failure: 'unavailable', detail: 'discovery answered 503' });
  });
});
