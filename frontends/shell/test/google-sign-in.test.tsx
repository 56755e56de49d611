// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton, googleSignInErrorMessage } from '../src/features/auth/google-sign-in.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API's answer to GET /api/auth/sign-in-options (the browser tests run against the real server). */
function answerSignInOptions(answer: { status: number; body?: unknown } | 'network down') {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/auth/sign-in-options') throw new Error(`unexpected request ${String(input)}`);
    if (answer === 'network down') throw new TypeError('Failed to fetch');
    return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('"Continue with Google" on /auth (decision 0060)', () => {
  it('is a link to the API\'s Google start when the API has Google credentials', async () => {
    answerSignInOptions({ status: 200, body: { data: { google: true } } });
    render(<GoogleSignInButton />);
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(link.getAttribute('href')).toBe('/api/auth/google');
  });

  it.each([
    ['the API has no Google credentials', { status: 200, body: { data: { google: false } } }],
    ['the API answers with an error', { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } }],
    ['the answer is not what it should be', { status: 200, body: { data: { google: 'yes' } } }],
    ['the network is down', 'network down' as const],
  ])('is hidden when %s', async (_when, answer) => {
    const fetch = answerSignInOptions(answer);
    render(<GoogleSignInButton />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // Let the answer land, then look: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('is hidden on the reset form, though Google is on', async () => {
    const fetch = answerSignInOptions({ status: 200, body: { data: { google: true } } });
    const { rerender } = render(<GoogleSignInButton hidden />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    rerender(<GoogleSignInButton />);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the message for /auth?error=CODE', () => {
  it.each([
    [null, null],
    ['', null],
    ['OAUTH_EMAIL_NOT_VERIFIED', "Your Google account's email address is not verified. Verify it with Google, or sign in with your password."],
    ['OAUTH_STATE_INVALID', 'This Google sign-in expired or was already used. Please try again.'],
    ['OAUTH_CANCELLED', 'Google sign-in was cancelled.'],
    ['OAUTH_PROVIDER_UNAVAILABLE', 'Google is not answering right now. Please try again in a few minutes, or sign in with your password.'],
    ['OAUTH_ADMIN_NOT_ALLOWED', 'Admin accounts sign in with their email and password, not with Google.'],
    ['SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again.'],
    ['RATE_LIMITED', 'Too many attempts. Please wait 15 minutes and try again.'],
    // Anything else, typed into the address bar, is never shown as text.
    ['<script>alert(1)</script>', 'Google sign-in could not be completed. Please try again.'],
  ])('%j -> %j', (code, message) => {
    expect(googleSignInErrorMessage(code)).toBe(message);
  });
});
