import type { EscrowQueries, OrderChangedEvent } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { EscrowHttp } from '../escrow-context.js';
import { eventStream, orderChangedMessage } from '../../http/sse.js';
import { sellerCaller } from '../../http/require-seller.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /api/live/seller: server-sent `order.changed` events of the signed-in seller's own orders
 * (new orders, payments, deliveries) for the dashboard; nobody else's. The session is checked
 * again before each event, so a stream stops once its session has ended (sign-out, password
 * change) even before the stream's 30-minute lifetime is up.
 */
export function liveSellerRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/seller', routeDoc({ tag: 'live', caller: ['session'], summary: 'Server-sent events of the signed-in seller\'s own orders', ok: { description: 'An event stream of `order.changed` events', media: 'text/event-stream' }, errors: [401, 403, 404] }), (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    const { sellerId, user } = caller;
    return eventStream<OrderChangedEvent>(c, {
      watch: (onEvent, onMissed) => h.liveOrders.watchSeller(sellerId, onEvent, onMissed),
      ready: { sellerId },
      toMessage: orderChangedMessage,
      heartbeatMs: h.heartbeatMs,
      maxLifetimeMs: h.maxLifetimeMs,
      closing: h.closing,
      stillAllowed: async () => (await queries.sessionAccess(user.sessionId, h.deps.clock.now()))?.sellerId === sellerId,
    });
  });
  return app;
}
