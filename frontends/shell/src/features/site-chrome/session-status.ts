export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

let pending: Promise<Exclude<SessionStatus, 'unknown'>> | null = null;

/**
 * Asks the API whether someone is signed in: GET /api/me answers 200 for a session; any
 * other answer, or no answer, counts as signed out. Only the mobile menu needs this (it
 * hides Sign In for a signed-in seller), so it is asked when the menu opens, not on every
 * page load. Calls made while one is on its way share it.
 */
export function fetchSessionStatus(): Promise<Exclude<SessionStatus, 'unknown'>> {
  pending ??= fetch('/api/me', { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' })
    .then(
      (response) => (response.status === 200 ? 'signed-in' : 'signed-out'),
      () => 'signed-out' as const,
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}
