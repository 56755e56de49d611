import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extendedIdleDeadline,
  generateResetCode,
  isSessionLive,
  judgeResetCode,
  newSessionDeadlines,
  rateLimitWindow,
  RESET_CODE_MAX_ATTEMPTS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_REFRESH_INTERVAL_MS,
  SESSION_IDLE_TIMEOUT_MS,
  cryptoRandom,
  type Random,
} from '../../src/index.js';

const t0 = new Date('2026-03-02T07:00:00.000Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);

describe('session deadlines', () => {
  it('starts with 7 days of idle time inside a 30-day absolute life', () => {
    expect(newSessionDeadlines(t0)).toEqual({ createdAt: t0, expiresAt: plus(SESSION_ABSOLUTE_LIFETIME_MS), idleExpiresAt: plus(SESSION_IDLE_TIMEOUT_MS) });
  });

  it('is live strictly before both deadlines', () => {
    const s = newSessionDeadlines(t0);
    expect(isSessionLive(s, plus(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(isSessionLive(s, plus(SESSION_IDLE_TIMEOUT_MS))).toBe(false);
    expect(isSessionLive({ ...s, idleExpiresAt: plus(SESSION_ABSOLUTE_LIFETIME_MS + 1) }, plus(SESSION_ABSOLUTE_LIFETIME_MS))).toBe(false);
  });

  it('moves the idle deadline at most once an hour and never past the absolute deadline', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SESSION_ABSOLUTE_LIFETIME_MS }), fc.integer({ min: 0, max: SESSION_IDLE_TIMEOUT_MS }), (elapsed, idleLeft) => {
        const s = { expiresAt: plus(SESSION_ABSOLUTE_LIFETIME_MS), idleExpiresAt: plus(Math.min(elapsed + idleLeft, SESSION_ABSOLUTE_LIFETIME_MS)) };
        const next = extendedIdleDeadline(s, plus(elapsed));
        if (next === null) return;
        expect(next.getTime()).toBeLessThanOrEqual(s.expiresAt.getTime());
        expect(next.getTime() - s.idleExpiresAt.getTime()).toBeGreaterThanOrEqual(SESSION_IDLE_REFRESH_INTERVAL_MS);
      }),
    );
    const fresh = newSessionDeadlines(t0);
    expect(extendedIdleDeadline(fresh, plus(SESSION_IDLE_REFRESH_INTERVAL_MS - 1))).toBeNull();
    expect(extendedIdleDeadline(fresh, plus(SESSION_IDLE_REFRESH_INTERVAL_MS))).toEqual(plus(SESSION_IDLE_REFRESH_INTERVAL_MS + SESSION_IDLE_TIMEOUT_MS));
  });
});

describe('reset codes', () => {
  it('are always six digits, leading zeros included', () => {
    const edges: Random = { ...cryptoRandom, int: () => 7 };
    expect(generateResetCode(edges)).toBe('000007');
    for (let i = 0; i < 1_000; i += 1) expect(generateResetCode(cryptoRandom)).toMatch(/^\d{6}$/);
  });

  it('are judged in the spec\'s order, and locked from the 5th wrong try on whatever is typed', () => {
    const record = { attempts: 0, expiresAt: plus(15 * 60_000) };
    expect(judgeResetCode(record, true, t0)).toBe('valid');
    expect(judgeResetCode(record, false, t0)).toBe('wrong');
    expect(judgeResetCode(record, false, plus(20 * 60_000))).toBe('wrong');
    expect(judgeResetCode(record, true, plus(15 * 60_000))).toBe('expired');
    expect(judgeResetCode({ ...record, attempts: RESET_CODE_MAX_ATTEMPTS - 1 }, true, t0)).toBe('valid');
    expect(judgeResetCode({ ...record, attempts: RESET_CODE_MAX_ATTEMPTS }, true, t0)).toBe('locked');
  });
});

describe('rate-limit windows', () => {
  it('put every moment in exactly one window of the rule\'s length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 1, max: 86_400_000 }), (ms, windowMs) => {
        const { start, end } = rateLimitWindow({ windowMs }, new Date(ms));
        expect(start.getTime()).toBeLessThanOrEqual(ms);
        expect(end.getTime()).toBeGreaterThan(ms);
        expect(end.getTime() - start.getTime()).toBe(windowMs);
        expect(start.getTime() % windowMs).toBe(0);
      }),
    );
  });
});
