import { Hono } from 'hono';
import type { Logger } from './logger.js';

export interface DatabaseHealth {
  ok: boolean;
  dialect: 'sqlite' | 'postgres';
  /** Why the check failed; logged, never sent to callers. */
  detail?: string;
}

export type CheckDatabase = () => Promise<DatabaseHealth>;

// Load balancers give up after a few seconds; a hung database must answer 503, not hang.
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database check timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** GET /api/health: 200 when the database answers, 503 otherwise (for probes and load balancers). */
export function healthRoute(checkDatabase: CheckDatabase, logger: Logger): Hono {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    let health: DatabaseHealth | undefined;
    try {
      health = await withTimeout(checkDatabase(), CHECK_TIMEOUT_MS);
    } catch (error) {
      logger.error('Database health check threw', { error: error instanceof Error ? error.message : String(error) });
    }
    if (health?.ok) return c.json({ status: 'ok', database: { dialect: health.dialect, ok: true } }, 200);
    if (health) logger.warn('Database health check failed', { dialect: health.dialect, detail: health.detail });
    return c.json({ status: 'unavailable', database: { ...(health ? { dialect: health.dialect } : {}), ok: false } }, 503);
  });
}
