import {
  adminOrderListRowView,
  adminSellerView,
  adminSummaryView,
  getAdminSummary,
  listAdminOrders,
  listAdminSellers,
  MAX_SEARCH_LENGTH,
  ORDER_STATUSES,
  payoutView,
  type AdminDeps,
  type AdminOrdersAnswer,
  type AdminSellersAnswer,
  type Wire,
} from '@escrow/core';
import { isStorableText } from '@escrow/core/validation';
import { adminOrdersAnswerSchema, adminSellersAnswerSchema, adminSummaryViewSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import type { AdminHttpOptions, EscrowHttp } from '../escrow-context.js';
import { adminContactsRoutes } from './contacts-routes.js';
import { adminExportRoutes } from './export-routes.js';
import { adminPaymentConfigRoutes } from './payment-config-routes.js';

import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { pageQuerySchema, queryOf } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

const search = z
  .string()
  .max(MAX_SEARCH_LENGTH, { error: `Search for at most ${MAX_SEARCH_LENGTH} characters` })
  .refine(isStorableText, { error: 'The search contains a character that is not allowed' })
  .optional();
const ordersQuery = pageQuerySchema.extend({ status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).optional(), q: search });
const sellersQuery = pageQuerySchema.extend({ q: search });

/** The admin use cases' ports, from the app's escrow ports and the admin area's own. */
export const adminDeps = (h: EscrowHttp, admin: AdminHttpOptions): AdminDeps => ({
  adminQueries: admin.queries,
  adminStore: admin.store,
  clock: h.deps.clock,
  random: h.deps.random,
  ...(h.deps.events ? { events: h.deps.events } : {}),
});

/**
 * The admin area (issue 6), mounted at /api/admin beside the settlement and refund routes. Every
 * route is for a session with the admin role: 401 without a session, 403 'Access denied. Admin
 * privileges required.' for anyone else, before anything is read.
 *   GET  /orders                  every order: ?status=&q=&page=&pageSize= (q: tracking number, buyer phone, seller name);
 *                                 delivered orders with their payouts, and `payoutMode` (automatic, approval or manual)
 *   GET  /summary                 the six summary cards
 *   GET  /sellers                 ?q=&page=&pageSize= (read only: no route writes a seller)
 *   GET  /contacts                ?status=open|resolved|all&page=&pageSize=
 *   POST /contacts/:id/resolve    once
 *   GET  /payment-config          the Paybill shown to buyers, saved or default
 *   PUT  /payment-config          { businessNumber, accountNumber, accountName }
 *   GET  /export.csv              ?from=YYYY-MM-DD&to=YYYY-MM-DD, streamed
 */
export function adminAreaRoutes(h: EscrowHttp, admin: AdminHttpOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const deps = adminDeps(h, admin);

  app.get('/orders', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Every order, filtered by status and a search (tracking number, buyer phone, seller name), a page at a time', ok: { description: 'A page of orders, delivered ones with their payouts, and the payout mode', schema: adminOrdersAnswerSchema }, errors: [401, 403] }), adminOnly, queryOf(ordersQuery), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const { status, q, page, pageSize } = c.req.valid('query');
    const result = await listAdminOrders(deps, { actor: caller.actor, status, search: q, page, pageSize });
    if (!result.ok) return sendResult(c, result);
    // The row's action (Approve payout, the payouts' states, Paid ✓) needs the payouts of delivered orders: one read for the page.
    const delivered = result.value.items.filter((row) => row.status === 'awaiting_settlement' || row.status === 'settlement_completed').map((row) => row.id);
    const payouts = delivered.length > 0 ? await h.deps.store.read((tx) => tx.payouts.listByOrders(delivered)) : [];
    const orders = result.value.items.map((row) => ({ ...adminOrderListRowView(row), payouts: payouts.filter((p) => p.orderId === row.id).map((p) => payoutView(p, h.deps)) }));
    return sendResult(c, { ok: true, value: { orders, total: result.value.total, page: result.value.page, pageSize: result.value.pageSize, payoutMode: h.deps.payouts?.mode ?? 'manual' } satisfies Wire<AdminOrdersAnswer> });
  });

  app.get('/summary', routeDoc({ tag: 'admin', caller: ['session'], summary: 'The six summary cards', ok: { description: 'The summary figures', schema: adminSummaryViewSchema }, errors: [401, 403] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await getAdminSummary(deps, { actor: caller.actor });
    return sendResult(c, result.ok ? { ok: true, value: adminSummaryView(result.value) } : result);
  });

  app.get('/sellers', routeDoc({ tag: 'admin', caller: ['session'], summary: 'The sellers, with a search, a page at a time (read only)', ok: { description: 'A page of sellers', schema: adminSellersAnswerSchema }, errors: [401, 403] }), adminOnly, queryOf(sellersQuery), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const { q, page, pageSize } = c.req.valid('query');
    const result = await listAdminSellers(deps, { actor: caller.actor, search: q, page, pageSize });
    return sendResult(c, result.ok ? { ok: true, value: { sellers: result.value.items.map(adminSellerView), total: result.value.total, page: result.value.page, pageSize: result.value.pageSize } satisfies Wire<AdminSellersAnswer> } : result);
  });

  app.route('/', adminContactsRoutes(h, deps));
  app.route('/', adminPaymentConfigRoutes(h, deps));
  app.route('/', adminExportRoutes(h, deps));
  return app;
}
