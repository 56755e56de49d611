import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApp } from './helpers/test-app.js';

describe('GET /api/health', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 200 with the dialect when the database answers', async () => {
    const { app } = testApp({ checkDatabase: async () => ({ ok: true, dialect: 'sqlite' }) });
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: { dialect: 'sqlite', ok: true } });
  });

  it('answers 503 when the database check fails, logging the detail without sending it', async () => {
    const { app, logger } = testApp({
      checkDatabase: async () => ({ ok: false, dialect: 'postgres', detail: 'connection refused at 10.0.0.5' }),
    });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 'unavailable', database: { dialect: 'postgres', ok: false } });
    expect(text).not.toContain('10.0.0.5');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ detail: 'connection refused at 10.0.0.5' }) }),
    );
  });

  it('answers 503 when the database check throws', async () => {
    const { app, logger } = testApp({
      checkDatabase: async () => {
        throw new Error('SQLITE_CANTOPEN');
      },
    });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: { ok: false, reason: 'failed' } });
    expect(logger.entries.map((entry) => entry.level)).toContain('error');
  });

  it('answers 503 instead of hanging when the database never answers', async () => {
    vi.useFakeTimers();
    const { app } = testApp({ checkDatabase: () => new Promise(() => {}) });
    const pending = app.request('/api/health');
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await pending).status).toBe(503);
  });
});
