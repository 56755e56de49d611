import { getSellerDashboard, sellerDashboardView, sellerOrderSummary, type EscrowQueries, type SellerDashboardAnswer, type Wire } from '@escrow/core';
import { sellerDashboardAnswerSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import { sellerCaller, sellerOnly } from '../../http/require-seller.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /api/seller/dashboard: the stats cards of spec section 9 (computed by the database in one
 * aggregate) and the 10 most recent orders.
 */
export function sellerDashboardRoutes(queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/dashboard', routeDoc({ tag: 'seller', caller: ['session'], summary: 'The dashboard: stats cards and the 10 most recent orders', ok: { description: 'The stats and recent orders', schema: sellerDashboardAnswerSchema }, errors: [401, 403, 404] }), sellerOnly, async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await getSellerDashboard({ queries }, { actor: caller.actor });
    return sendResult(c, result.ok ? { ok: true, value: { stats: sellerDashboardView(result.value.figures), recentOrders: result.value.recentOrders.map(sellerOrderSummary) } satisfies Wire<SellerDashboardAnswer> } : result);
  });
  return app;
}
