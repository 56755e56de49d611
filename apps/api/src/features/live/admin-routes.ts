import type { DomainEvent, EscrowQueries } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { EscrowHttp } from '../escrow-context.js';
import { eventStream } from '../../http/sse.js';
import { adminCaller } from '../../http/require-admin.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * What an admin's stream says about each change: ids and what happened, never the data
 * itself; the screen re-reads what it shows (orders, sellers, contacts, the Paybill, the cards).
 */
export function adminMessage(event: DomainEvent): { event: string; data: Record<string, unknown> } {
  switch (event.type) {
    case 'order.changed':
      return { event: 'order.changed', data: { orderId: event.orderId, sellerId: event.sellerId, status: event.status, action: event.action, at: event.at } };
    case 'seller.changed':
      return { event: 'seller.changed', data: { sellerId: event.sellerId, change: event.change ?? 'updated', at: event.at } };
    case 'contact.changed':
      return { event: 'contact.changed', data: { contactId: event.contactId, change: event.change, at: event.at } };
    case 'payment_config.changed':
      return { event: 'payment_config.changed', data: { at: event.at } };
  }
}

/**
 * GET /api/live/admin: server-sent events of every order change and every seller change (spec
 * section 2: the admin screen updates live on both), contact messages (submitted, resolved)
 * and Paybill changes, for admins only. The session and the role
 * are checked again before each event: a revoked admin's stream ends at the next change.
 */
export function liveAdminRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/admin', routeDoc({ tag: 'live', caller: ['session'], summary: 'Server-sent events of every order, seller, contact and Paybill change (admins)', ok: { description: 'An event stream of ids and what happened', media: 'text/event-stream' }, errors: [401, 403] }), (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const { user } = caller;
    return eventStream<DomainEvent>(c, {
      watch: (onEvent, onMissed) => h.liveOrders.watchAll(onEvent, onMissed),
      ready: { scope: 'all' },
      toMessage: adminMessage,
      heartbeatMs: h.heartbeatMs,
      maxLifetimeMs: h.maxLifetimeMs,
      closing: h.closing,
      stillAllowed: async () => (await queries.sessionAccess(user.sessionId, h.deps.clock.now()))?.isAdmin === true,
    });
  });
  return app;
}
