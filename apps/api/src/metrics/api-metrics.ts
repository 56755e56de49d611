import type { MiddlewareHandler } from 'hono';
import type { Registry } from 'prom-client';
import { promClient } from './prom-client.js';
import { escrowGauges, type EscrowGaugeSources } from './escrow-gauges.js';
import { httpMetrics } from './http-metrics.js';

/** The API's metrics: a registry of its own (not prom-client's global one, so two apps in one process never share series). */
export interface ApiMetrics {
  readonly registry: Registry;
  /** Records the request series and the open live streams; createApp puts it before everything else. */
  readonly middleware: MiddlewareHandler;
  /** Reads the database figures, then renders every series in Prometheus's text format. */
  scrape(): Promise<{ readonly contentType: string; readonly body: string }>;
}

export function createApiMetrics(sources: EscrowGaugeSources): ApiMetrics {
  const { Registry, collectDefaultMetrics } = promClient();
  const registry = new Registry();
  // Process figures (CPU, memory, event loop lag, heap, handles) under their usual names.
  collectDefaultMetrics({ register: registry });
  const http = httpMetrics(registry);
  const gauges = escrowGauges(registry, sources);
  return {
    registry,
    middleware: http.middleware,
    async scrape() {
      await gauges.refresh();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
