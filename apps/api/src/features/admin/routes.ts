import type { EscrowQueries } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { EscrowHttp } from '../escrow-context.js';
import { adminAreaRoutes } from './area-routes.js';
import { adminOrdersRoutes } from './orders-routes.js';
import { adminPayoutsRoutes } from './payouts-routes.js';

/**
 * The admin's API, mounted at /api/admin: settlements, refunds and unlocks (orders-routes.ts),
 * payouts (payouts-routes.ts) and, with the admin area's ports, its lists, contacts, Paybill
 * and export (area-routes.ts). Every route is for admins only (http/require-admin.ts).
 */
export function adminRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', adminOrdersRoutes(h, queries));
  app.route('/', adminPayoutsRoutes(h));
  if (h.admin) app.route('/', adminAreaRoutes(h, h.admin));
  return app;
}
