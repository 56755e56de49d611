import { constantTimeEqual, type Clock, type IdentityProvider, type ProviderAnswer, type VerifiedIdentity } from '@escrow/core';
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { GoogleSignInSettings } from './google-config.js';

/** A discovery document is fetched again after this long (Google's endpoints change rarely; its keys are cached by jose apart). */
const DISCOVERY_MAX_AGE_MS = 60 * 60_000;
/** Slack for the provider's and our clock in exp, iat and nbf. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** An ID token straight from the token endpoint was issued just now; an older one is not this sign-in's. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
/** The token endpoint's answer is small; a provider (or a stub) that sends more is broken. */
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1_024;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

interface Endpoints {
  readonly authorization: string;
  readonly token: string;
  readonly jwksUri: string;
  readonly keys: JWTVerifyGetKey;
}

const unavailable = (detail: string) => ({ ok: false, failure: 'unavailable', detail }) as const;
const rejected = (detail: string) => ({ ok: false, failure: 'rejected', detail }) as const;

/** A fetch that failed before an answer: a timeout or a connection problem, either way the provider is not there for us. */
function fetchFailure(what: string, error: unknown): Extract<ProviderAnswer<never>, { ok: false }> {
  const name = error instanceof Error ? error.name : '';
  return unavailable(name === 'TimeoutError' || name === 'AbortError' ? `${what} timed out` : `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The core's IdentityProvider for Google over OpenID Connect (decision 0060). arctic builds the
 * authorization URL (PKCE S256) and reads the token response; the token request itself is sent
 * here, because arctic 3 takes no AbortSignal and every call to Google must be bounded. The ID
 * token is checked with jose against the keys the discovery document names: RS256 only, issuer,
 * audience (our client ID), expiry, age, authorized party, and the nonce this sign-in stored.
 */
export function googleIdentityProvider(settings: GoogleSignInSettings, deps: { clock: Clock }): IdentityProvider {
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, settings.redirectUri);
  // Google's ID tokens name their issuer with or without the scheme (its OpenID Connect guide says to accept both).
  const issuers = settings.issuer === 'https://accounts.google.com' ? [settings.issuer, 'accounts.google.com'] : [settings.issuer];
  let known: { endpoints: Endpoints; fetchedAt: number } | undefined;
  let discovering: Promise<ProviderAnswer<Endpoints>> | undefined;

  async function discover(): Promise<ProviderAnswer<Endpoints>> {
    let response: Response;
    try {
      response = await fetch(`${settings.issuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      return fetchFailure('discovery', error);
    }
    let body: unknown;
    try {
      if (response.status !== 200) {
        await response.body?.cancel();
        return unavailable(`discovery answered ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      return fetchFailure('discovery', error);
    }
    const document = discoverySchema.safeParse(body);
    if (!document.success) return unavailable('discovery document is not an OpenID Connect configuration');
    const d = document.data;
    // The document must be the configured issuer's own, or tokens would be checked against someone else's keys.
    if (d.issuer !== settings.issuer) return unavailable(`discovery names issuer ${d.issuer}, not ${settings.issuer}`);
    const secure = settings.issuer.startsWith('https://');
    if (secure && ![d.authorization_endpoint, d.token_endpoint, d.jwks_uri].every((url) => url.startsWith('https://'))) return unavailable('discovery names an endpoint that is not https');
    if (d.code_challenge_methods_supported && !d.code_challenge_methods_supported.includes('S256')) return unavailable('the provider does not support PKCE S256');
    // The key set keeps its cache across discoveries while the address stays the same.
    const keys =
      known && known.endpoints.jwksUri === d.jwks_uri
        ? known.endpoints.keys
        : createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: settings.timeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    return { ok: true, value: { authorization: d.authorization_endpoint, token: d.token_endpoint, jwksUri: d.jwks_uri, keys } };
  }

  /** The discovered endpoints, fetched at most once at a time; a failed refresh falls back to the last good ones. */
  async function endpoints(): Promise<ProviderAnswer<Endpoints>> {
    if (known && performance.now() - known.fetchedAt < DISCOVERY_MAX_AGE_MS) return { ok: true, value: known.endpoints };
    discovering ??= discover().finally(() => {
      discovering = undefined;
    });
    const answer = await discovering;
    if (answer.ok) {
      known = { endpoints: answer.value, fetchedAt: performance.now() };
      return answer;
    }
    return known ? { ok: true, value: known.endpoints } : answer;
  }

  async function exchange(tokenEndpoint: string, code: string, codeVerifier: string): Promise<ProviderAnswer<string>> {
    // client_secret_post, as Google documents it; the redirect URI must be the one the code was issued for.
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: settings.redirectUri,
      code_verifier: codeVerifier,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    let response: Response;
    let text: string;
    try {
      response = await fetch(tokenEndpoint, {
        method: 'POST',
        body,
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return fetchFailure('token request', error);
    }
    if (text.length > MAX_TOKEN_RESPONSE_BYTES) return unavailable('token response too large');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    if (response.status === 400 || response.status === 401) {
      // invalid_grant: the code was used, expired, or not issued for this verifier and redirect.
      const code = typeof data === 'object' && data !== null && 'error' in data ? String((data as { error: unknown }).error).slice(0, 100) : 'no error code';
      return rejected(`token endpoint refused the code: ${code}`);
    }
    if (response.status !== 200) return unavailable(`token endpoint answered ${response.status}`);
    if (typeof data !== 'object' || data === null) return unavailable('token response is not JSON');
    try {
      return { ok: true, value: new OAuth2Tokens(data).idToken() };
    } catch {
      return rejected('token response holds no ID token');
    }
  }

  async function verify(idToken: string, keys: JWTVerifyGetKey, nonce: string): Promise<ProviderAnswer<VerifiedIdentity>> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: settings.clientId,
        algorithms: ['RS256'],
        currentDate: deps.clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat', 'nonce'],
      }));
    } catch (error) {
      if (error instanceof errors.JWKSTimeout) return unavailable('the provider\'s keys did not come in time');
      if (error instanceof errors.JOSEError) return rejected(`ID token refused: ${error.code}: ${error.message}`);
      return fetchFailure('the provider\'s keys', error);
    }
    if (typeof payload['nonce'] !== 'string' || !constantTimeEqual(payload['nonce'], nonce)) return rejected('ID token refused: nonce is not this sign-in\'s');
    // With several audiences the token must have been issued to us (OpenID Connect Core 3.1.3.7).
    if (payload['azp'] !== undefined && payload['azp'] !== settings.clientId) return rejected('ID token refused: issued to another client (azp)');
    const { sub, email } = payload;
    if (typeof sub !== 'string' || sub === '') return rejected('ID token has no subject');
    if (typeof email !== 'string') return rejected('ID token has no email (the email scope was not granted)');
    // Only the boolean true counts: a missing or "true"-as-text claim is not a verified address.
    return { ok: true, value: { provider: 'google', subject: sub, email, emailVerified: payload['email_verified'] === true } };
  }

  return {
    provider: 'google',
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const found = await endpoints();
      if (!found.ok) return found;
      const url = client.createAuthorizationURLWithPKCE(found.value.authorization, state, CodeChallengeMethod.S256, codeVerifier, ['openid', 'email']);
      url.searchParams.set('nonce', nonce);
      // Someone with several Google accounts picks one, instead of being signed in with whichever is current.
      url.searchParams.set('prompt', 'select_account');
      return { ok: true, value: url.toString() };
    },
    async verifiedIdentity({ code, codeVerifier, nonce }) {
      const found = await endpoints();
      if (!found.ok) return found;
      const token = await exchange(found.value.token, code, codeVerifier);
      if (!token.ok) return token;
      return verify(token.value, found.value.keys, nonce);
    },
  };
}
