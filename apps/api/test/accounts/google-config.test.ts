import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const CREDENTIALS = { GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'GOCSPX-secret' };

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('GOOGLE_* in loadConfig (decision 0060)', () => {
  it('leaves Google off without credentials', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).google).toBeUndefined();
  });

  it('turns Google on with both credentials: the callback under PUBLIC_BASE_URL, Google\'s issuer, a 10 s timeout', () => {
    expect(loadConfig({ ...CREDENTIALS, PUBLIC_BASE_URL: 'https://escrow.example.co.ke/' }).google).toEqual({
      clientId: CREDENTIALS.GOOGLE_CLIENT_ID,
      clientSecret: CREDENTIALS.GOOGLE_CLIENT_SECRET,
      redirectUri: 'https://escrow.example.co.ke/api/auth/google/callback',
      issuer: 'https://accounts.google.com',
      timeoutMs: 10_000,
    });
    // A laptop: the local address the browser uses.
    expect(loadConfig({ ...CREDENTIALS, PORT: '3000' }).google?.redirectUri).toBe('http://localhost:3000/api/auth/google/callback');
  });

  it('takes an explicit redirect URI, issuer (a stub in tests) and timeout', () => {
    expect(loadConfig({ ...CREDENTIALS, GOOGLE_REDIRECT_URI: 'http://127.0.0.1:4000/api/auth/google/callback', GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:4100/', GOOGLE_TIMEOUT_MS: '500' }).google).toMatchObject({
      redirectUri: 'http://127.0.0.1:4000/api/auth/google/callback',
      issuer: 'http://127.0.0.1:4100',
      timeoutMs: 500,
    });
  });

  it('refuses half a configuration, and settings that would leave the button silently missing', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: CREDENTIALS.GOOGLE_CLIENT_ID })).toEqual(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both (Google sign-in) or neither']);
    expect(problemsOf({ GOOGLE_OIDC_ISSUER: 'https://accounts.google.com' })).toEqual(['GOOGLE_OIDC_ISSUER: set without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, which turn Google sign-in on']);
    expect(problemsOf({ ...CREDENTIALS, PORT: '0' })[0]).toMatch(/^GOOGLE_REDIRECT_URI: required when PUBLIC_BASE_URL is not set/);
    expect(problemsOf({ ...CREDENTIALS, GOOGLE_TIMEOUT_MS: '0' })[0]).toMatch(/^GOOGLE_TIMEOUT_MS:/);
    expect(problemsOf({ ...CREDENTIALS, GOOGLE_REDIRECT_URI: 'javascript:alert(1)' })[0]).toMatch(/^GOOGLE_REDIRECT_URI: must be an http\(s\) URL/);
  });

  it('wants https for the redirect and the issuer in production', () => {
    expect(problemsOf({ ...CREDENTIALS, NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://escrow.example.co.ke' })[0]).toMatch(/^GOOGLE_REDIRECT_URI: must be https with NODE_ENV=production/);
    expect(problemsOf({ ...CREDENTIALS, NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://escrow.example.co.ke', GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:4100' })).toEqual(['GOOGLE_OIDC_ISSUER: must be https with NODE_ENV=production']);
  });
});
