import type { DomainEvent, EscrowQueries } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EscrowHttp } from '../http/escrow-http.js';
import { eventStream } from '../http/sse.js';
import { adminCaller } from './seller-orders-access.js';

/** What an admin's stream says about each change: ids, status and action; the screen re-reads. */
const adminMessage = (event: DomainEvent) =>
  event.type === 'order.changed'
    ? { event: 'order.changed', data: { orderId: event.orderId, sellerId: event.sellerId, status: event.status, action: event.action, at: event.at } }
    : { event: 'seller.changed', data: { sellerId: event.sellerId, at: event.at } };

/**
 * GET /api/live/admin: server-sent events of every order change and every seller change (spec
 * section 2: the admin screen updates live on both), for admins only. The session and the role
 * are checked again before each event: a revoked admin's stream ends at the next change.
 */
export function liveAdminRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/admin', (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const { user } = caller;
    return eventStream<DomainEvent>(c, {
      watch: (onEvent) => h.liveOrders.watchAll(onEvent),
      ready: { scope: 'all' },
      toMessage: adminMessage,
      heartbeatMs: h.heartbeatMs,
      maxLifetimeMs: h.maxLifetimeMs,
      stillAllowed: async () => (await queries.sessionAccess(user.sessionId, h.deps.clock.now()))?.isAdmin === true,
    });
  });
  return app;
}
