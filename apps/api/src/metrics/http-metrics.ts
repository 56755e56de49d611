import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Registry } from 'prom-client';
import { promClient } from './prom-client.js';

/** Requests no API route answered: the frontend's files and pages, and unknown paths (404). */
export const STATIC_ROUTE = 'static';
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Latency buckets in seconds: a buyer read takes a millisecond, a photo upload or an M-Pesa prompt seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request went to, as registered (`/api/buyer/orders/:id`), never its path: buyer
 * and rider links carry secrets, and one series per order would grow without end. It is the
 * first endpoint the router matched (middleware is registered for every method, endpoints for
 * one), also when a middleware answered first (a CSRF refusal, a rate limit); a request no
 * endpoint matched is `static` (served by the frontend) or `unmatched` (404).
 */
export function routeLabel(c: Context): string {
  const endpoint = matchedRoutes(c).find((route) => route.method !== 'ALL');
  if (endpoint) return endpoint.path;
  return c.res.status === 404 ? UNMATCHED_ROUTE : STATIC_ROUTE;
}

export interface HttpMetrics {
  readonly middleware: MiddlewareHandler;
}

/**
 * The same body, calling `onEnd` once when it ends or its reader goes away (node-server cancels
 * the body when the client disconnects; the cancel reaches the stream's own source, so its
 * clean-up runs as before).
 */
function watchedBody(body: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    async cancel(reason) {
      end();
      await reader.cancel(reason);
    },
  });
}

/**
 * http_requests_total{method,route,status}, http_request_duration_seconds{method,route} and
 * escrow_sse_clients (live streams open now) on `registry`, and the middleware that records them.
 */
export function httpMetrics(registry: Registry): HttpMetrics {
  const { Counter, Gauge, Histogram } = promClient();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the response head, by method and route pattern (a live stream: until it opens).',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const liveStreams = new Gauge({ name: 'escrow_sse_clients', help: 'Live (server-sent events) streams open in this process.', registers: [registry] });
  return {
    middleware: async (c, next) => {
      const started = performance.now();
      let failed = false;
      try {
        await next();
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        const seconds = (performance.now() - started) / 1_000;
        const method = METHODS.has(c.req.method) ? c.req.method : 'other';
        const route = routeLabel(c);
        requests.inc({ method, route, status: String(failed ? 500 : c.res.status) });
        duration.observe({ method, route }, seconds);
      }
      const body = c.res.body;
      if (body && c.res.headers.get('content-type')?.startsWith('text/event-stream')) {
        liveStreams.inc();
        c.res = new Response(watchedBody(body, () => liveStreams.dec()), c.res);
      }
    },
  };
}
