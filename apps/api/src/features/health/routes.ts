import { Hono } from 'hono';
import type { Logger } from '../../http/logger.js';
import { routeDoc } from '../../http/openapi.js';
import { requestLoggerOf } from '../../http/request-log.js';

/** One part of the health answer: `reason` is a few safe words ('disk full', 'unreachable'); `detail` is logged, never sent. */
export interface PartHealth {
  ok: boolean;
  reason?: string;
  detail?: string;
}

export interface DatabaseHealth extends PartHealth {
  dialect: 'sqlite' | 'postgres';
  /** The write path: a real write committed (or refused) by the write probe; absent: not checked. */
  writes?: PartHealth;
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

const shown = (part: PartHealth): { ok: boolean; reason?: string } => ({ ok: part.ok, ...(!part.ok && part.reason ? { reason: part.reason } : {}) });

/**
 * GET /api/health: 200 when the database answers and a write commits, 503 otherwise (for
 * probes and load balancers), naming the failing part (`database`, `writes`) with a short
 * reason; the full cause goes to the log.
 */
export function healthRoute(checkDatabase: CheckDatabase, logger: Logger): Hono {
  return new Hono().get('/', routeDoc({ tag: 'health', summary: 'Health: the database answers and a write commits', ok: 'status ok, with the database\'s dialect and the write check', description: 'For probes and load balancers: 503 names the failing part (`database`, `writes`) with a short reason.' }), async (c) => {
    c.header('Cache-Control', 'no-store');
    let health: DatabaseHealth;
    try {
      health = await withTimeout(checkDatabase(), CHECK_TIMEOUT_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      requestLoggerOf(c, logger).error('Database health check threw', { error: message });
      return c.json({ status: 'unavailable', database: { ok: false, reason: message.includes('timed out') ? 'timed out' : 'failed' } }, 503);
    }
    const database = { dialect: health.dialect, ...shown(health) };
    const writes = health.writes ? { writes: shown(health.writes) } : {};
    if (health.ok && (health.writes?.ok ?? true)) return c.json({ status: 'ok', database, ...writes }, 200);
    if (!health.ok) requestLoggerOf(c, logger).warn('Database health check failed', { dialect: health.dialect, reason: health.reason, detail: health.detail });
    else requestLoggerOf(c, logger).warn('Database write probe failed', { dialect: health.dialect, reason: health.writes?.reason, detail: health.writes?.detail });
    return c.json({ status: 'unavailable', database, ...writes }, 503);
  });
}
