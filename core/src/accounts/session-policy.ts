import type { SessionRecord } from './account-records.js';

/** A session unused for this long ends (sliding: every request moves it on). */
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 3_600_000;
/** A session ends this long after sign-in, however busy it is. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 3_600_000;
/**
 * The idle deadline is written back at most this often, so a burst of requests costs one
 * write, not one per request. A session can therefore end up to this much early.
 */
export const SESSION_IDLE_REFRESH_INTERVAL_MS = 60 * 60_000;
/** 32 random bytes: far above the 128 bits a session token needs. */
export const SESSION_TOKEN_BYTES = 32;

export function newSessionDeadlines(now: Date): Pick<SessionRecord, 'createdAt' | 'expiresAt' | 'idleExpiresAt'> {
  const createdAt = new Date(now.getTime());
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
  return { createdAt, expiresAt, idleExpiresAt: earlier(expiresAt, new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS)) };
}

export function isSessionLive(session: Pick<SessionRecord, 'expiresAt' | 'idleExpiresAt'>, now: Date): boolean {
  return now.getTime() < session.expiresAt.getTime() && now.getTime() < session.idleExpiresAt.getTime();
}

/**
 * The new idle deadline when a request arrives on a live session, or null when the stored one
 * is recent enough to keep. Never later than the absolute deadline.
 */
export function extendedIdleDeadline(session: Pick<SessionRecord, 'expiresAt' | 'idleExpiresAt'>, now: Date): Date | null {
  const next = earlier(session.expiresAt, new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS));
  return next.getTime() - session.idleExpiresAt.getTime() >= SESSION_IDLE_REFRESH_INTERVAL_MS ? next : null;
}

const earlier = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);
