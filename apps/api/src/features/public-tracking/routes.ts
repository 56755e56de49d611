import { getPublicTracking, publicTrackingView } from '@escrow/core';
import { publicTrackingViewSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { ESCROW_RATE_LIMITS, rateLimited } from '../../http/escrow-rate-limits.js';
import { ORDER_ID_FORMAT } from '../shared/buyer-credentials.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /api/public/orders/:id: the public order page without a session. Item, status and
 * progress only (core's publicTrackingView): no personal data, no money, no code.
 */
export function publicTrackingRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/orders/:id', routeDoc({ tag: 'public', summary: 'Public tracking: item, status and progress only', ok: { description: 'The order\'s public view (no personal data, no money, no code)', schema: publicTrackingViewSchema }, errors: [404, 429] }), async (c) => {
    const limited = await rateLimited(c, { rateLimiter: h.rateLimiter, clock: h.deps.clock }, [[ESCROW_RATE_LIMITS.publicPerAddress, h.address(c)]]);
    if (limited) return limited;
    c.header('Cache-Control', 'no-store');
    // An id of another shape (a NUL byte, which PostgreSQL cannot even compare) is simply not an order.
    const orderId = c.req.param('id');
    if (!ORDER_ID_FORMAT.test(orderId)) return sendResult(c, { ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    const result = await getPublicTracking(h.deps, { orderId });
    return sendResult(c, result.ok ? { ok: true, value: publicTrackingView(result.value) } : result);
  });
  return app;
}
