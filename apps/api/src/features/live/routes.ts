import { getBuyerOrder, getRiderJob } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFoundBody, sendResult } from '../../http/error-handler.js';
import { settleBuyerBudget } from '../../http/buyer-budget.js';
import type { EscrowHttp } from '../escrow-context.js';
import { orderEventStream } from '../../http/sse.js';
import { buyerActor, deliveryCodeOf, guardBuyerRequest } from '../shared/buyer-credentials.js';
import { riderKeyCaller, riderWithKey } from '../shared/rider-credentials.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /api/live/orders/:id: server-sent events of one order, for the buyer (delivery code in
 * `X-Delivery-Code` or `?code=`) or the assigned rider (`X-Rider-Phone`/`X-Rider-Key` or
 * `?phone=&key=`; EventSource cannot send headers). Anyone else gets the same 404 as for a
 * missing order. Events carry the order id, status, action and time only: the page re-reads
 * what its caller may see. A rider's stream ends at the first event after a reassignment.
 */
export function liveRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/orders/:id', settleBuyerBudget(h.buyerBudget));
  app.get('/orders/:id', routeDoc({ tag: 'live', caller: ['deliveryCode', ['riderPhone', 'riderKey']], summary: 'Server-sent events of one order, for its buyer or its rider', description: 'Events carry the order id, status, action and time only: the page re-reads what its caller may see. EventSource cannot send headers: `?code=`, or `?phone=&key=`.', ok: { description: 'An event stream of the order\'s changes', media: 'text/event-stream' }, errors: [400, 404, 429] }), async (c) => {
    const stream = { live: h.liveOrders, heartbeatMs: h.heartbeatMs, maxLifetimeMs: h.maxLifetimeMs, closing: h.closing };
    if (deliveryCodeOf(c, { allowQuery: true }) !== null) {
      const g = await guardBuyerRequest(c, h, { allowQuery: true });
      if (!g.ok) return g.response;
      const access = await getBuyerOrder(h.deps, { orderId: g.orderId, actor: buyerActor(c, g.code, g.orderId) });
      if (!access.ok) return sendResult(c, access);
      return orderEventStream(c, { ...stream, orderId: g.orderId });
    }
    const hasRider = (c.req.header('x-rider-phone') ?? c.req.query('phone')) !== undefined;
    if (hasRider) {
      const caller = await riderKeyCaller(c, h, { allowQuery: true });
      if (!caller.ok) return caller.response;
      const actor = riderWithKey(caller.phone, caller.key);
      const access = await getRiderJob(h.deps, { orderId: caller.orderId, actor });
      if (!access.ok) return sendResult(c, access);
      return orderEventStream(c, {
        ...stream,
        orderId: caller.orderId,
        stillAllowed: async () => (await getRiderJob(h.deps, { orderId: caller.orderId, actor })).ok,
      });
    }
    return c.json(notFoundBody(), 404);
  });
  return app;
}
