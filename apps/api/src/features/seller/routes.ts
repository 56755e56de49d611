import type { EscrowQueries } from '@escrow/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { EscrowHttp } from '../escrow-context.js';
import { sellerDashboardRoutes } from './dashboard-routes.js';
import { sellerFeePolicyRoutes } from './fee-policy-routes.js';
import { sellerOrdersRoutes } from './orders-routes.js';
import { sellerRidersRoutes } from './riders-routes.js';

/**
 * The signed-in seller's escrow API, mounted at /api/seller: orders, riders, dashboard and fee
 * policy. The profile (/api/seller/profile, profile-routes.ts) is an account route, mounted
 * with the accounts.
 */
export function sellerRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', sellerOrdersRoutes(h, queries));
  app.route('/', sellerRidersRoutes(h));
  app.route('/', sellerDashboardRoutes(queries));
  app.route('/', sellerFeePolicyRoutes(h));
  return app;
}
