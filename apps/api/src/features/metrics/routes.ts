import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { ApiMetrics } from '../../metrics/api-metrics.js';
import { routeDoc } from '../../http/openapi.js';

export interface MetricsRouteDeps {
  /** METRICS_TOKEN: the scraper sends `Authorization: Bearer <token>`. */
  readonly token: string;
  readonly metrics: ApiMetrics;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first wrong character shows in the time taken. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/**
 * GET /metrics for Prometheus (decision 0069): mounted only with METRICS_TOKEN, and answered
 * only to a request bearing it; anything else gets a bare 401. The database figures are read
 * per scrape; a family the database did not give in time is missing, never a 500.
 */
export function metricsRoutes(deps: MetricsRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', routeDoc({ tag: 'metrics', caller: ['metricsToken'], summary: 'Prometheus metrics (mounted only with METRICS_TOKEN)', ok: { description: 'The metrics in Prometheus\'s text format', media: 'text/plain' }, errors: [401] }), async (c) => {
    if (!bearerMatches(c.req.header('authorization'), deps.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      c.header('Cache-Control', 'no-store');
      return c.body(null, 401);
    }
    const { contentType, body } = await deps.metrics.scrape();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': contentType });
  });
  return app;
}
