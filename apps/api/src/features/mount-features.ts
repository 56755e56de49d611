import type { Hono } from 'hono';
import type { Logger } from '../http/logger.js';
import type { AccountsHttp } from './accounts-context.js';
import { adminRoutes } from './admin/routes.js';
import { apiDocsRoutes } from './api-docs/routes.js';
import { googleSignInRoutes } from './auth/google-routes.js';
import { authRoutes, meRoute } from './auth/routes.js';
import { buyerRoutes } from './buyer/routes.js';
import { contactRoutes, type ContactRouteDeps } from './contact/routes.js';
import { escrowHttp, type EscrowHttpOptions } from './escrow-context.js';
import { healthRoute, type CheckDatabase } from './health/routes.js';
import { liveAdminRoutes } from './live/admin-routes.js';
import { liveRoutes } from './live/routes.js';
import { liveSellerRoutes } from './live/seller-routes.js';
import { metricsRoutes, type MetricsRouteDeps } from './metrics/routes.js';
import { mpesaCallbackRoutes } from './mpesa-callbacks/routes.js';
import { photoFilesRoute } from './photos/routes.js';
import { publicTrackingRoutes } from './public-tracking/routes.js';
import { riderRoutes } from './rider/routes.js';
import { sellerProfileRoutes } from './seller/profile-routes.js';
import { sellerRoutes } from './seller/routes.js';
import { smsCallbackRoutes } from './sms-callbacks/routes.js';

/** What the features need from createApp: each area is mounted only when its part is given. */
export interface FeatureDeps {
  readonly checkDatabase: CheckDatabase;
  readonly logger: Logger;
  /** Accounts (built once by createApp, which also gives them to the session middleware). */
  readonly accounts: AccountsHttp | undefined;
  readonly escrow: EscrowHttpOptions | undefined;
  readonly contact: ContactRouteDeps | undefined;
  /** GET /metrics (METRICS_TOKEN, decision 0069); its middleware that counts every answer is createApp's. */
  readonly metrics: MetricsRouteDeps | undefined;
}

/**
 * The one place that knows every route: each feature's routes on their path, in this order
 * (health, the API's own description, accounts, escrow, contact, metrics). Called by createApp after the session and CSRF
 * middleware and before the static frontend. No route imports this module or another's
 * context: they get what they need from accounts-context.ts and escrow-context.ts.
 */
export function mountFeatures(app: Hono, deps: FeatureDeps): void {
  app.route('/api/health', healthRoute(deps.checkDatabase, deps.logger));
  // /api/openapi.json and /api/docs: the document is made from `app` at its first request, every route mounted by then.
  app.route('/api', apiDocsRoutes(app));
  if (deps.accounts) mountAccountsRoutes(app, deps.accounts);
  if (deps.escrow) mountEscrowRoutes(app, deps.escrow, deps.logger);
  if (deps.contact) app.route('/api/contact', contactRoutes(deps.contact));
  if (deps.metrics) app.route('/metrics', metricsRoutes(deps.metrics));
}

/** /api/auth (and /api/auth/google when configured), /api/me and /api/seller/profile. */
function mountAccountsRoutes(app: Hono, accounts: AccountsHttp): void {
  if (accounts.google) app.route('/api/auth/google', googleSignInRoutes(accounts, accounts.google));
  app.route('/api/auth', authRoutes(accounts));
  app.route('/api/me', meRoute(accounts));
  app.route('/api/seller/profile', sellerProfileRoutes(accounts));
}

/** /api/buyer, /api/rider, /api/public, /api/live, the callbacks, the stored photos under /uploads, and the seller's and admin's routes. */
function mountEscrowRoutes(app: Hono, options: EscrowHttpOptions, logger: Logger): void {
  const h = escrowHttp(options, logger);
  app.route('/api/buyer', buyerRoutes(h));
  app.route('/api/rider', riderRoutes(h));
  app.route('/api/public', publicTrackingRoutes(h));
  app.route('/api/live', liveRoutes(h));
  if (h.photoFiles) app.route('/uploads', photoFilesRoute(h.photoFiles));
  if (h.mpesaCallbackSecret) app.route('/api/payments/callbacks', mpesaCallbackRoutes(h, h.mpesaCallbackSecret));
  if (h.smsCallbacks) app.route('/api/sms/callbacks', smsCallbackRoutes({ ...h.smsCallbacks, logger: h.logger }));
  if (h.queries) {
    // Signed-in sellers and admins (c.get('user') from the session middleware).
    app.route('/api/seller', sellerRoutes(h, h.queries));
    app.route('/api/admin', adminRoutes(h, h.queries));
    app.route('/api/live', liveSellerRoutes(h, h.queries));
    app.route('/api/live', liveAdminRoutes(h, h.queries));
  }
}
