import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { accountsHttp, type AccountsHttpOptions } from './features/accounts-context.js';
import type { ContactRouteDeps } from './features/contact/routes.js';
import { createErrorHandler, notFoundBody } from './http/error-handler.js';
import type { EscrowHttpOptions } from './features/escrow-context.js';
import type { CheckDatabase } from './features/health/routes.js';
import { mountFeatures } from './features/mount-features.js';
import { consoleLogger, type Logger } from './http/logger.js';
import { requestLogging } from './http/request-log.js';
import { csrfProtection } from './http/session-csrf.js';
import { sessionMiddleware } from './http/session-middleware.js';
import { staticFrontend } from './http/static-frontend.js';
import { localizeMessages } from './http/localize-messages.js';
import type { MetricsRouteDeps } from './features/metrics/routes.js';

export interface AppDeps {
  checkDatabase: CheckDatabase;
  /** Absolute path of the built shell; without it only the API is served (API-only tests). */
  frontendDist?: string;
  /** PUBLIC_BASE_URL, for absolute Open Graph URLs in the pages' head tags. */
  publicBaseUrl?: string;
  logger?: Logger;
  /** The escrow API (buyer, rider, public tracking, live, photos); absent in tests of other parts. */
  escrow?: EscrowHttpOptions;
  /** Accounts: sessions (c.get('user')), /api/auth, /api/me, /api/seller/profile; absent: everyone is anonymous. */
  accounts?: AccountsHttpOptions;
  /** POST /api/contact (the public contact form); absent in tests of other parts. */
  contact?: ContactRouteDeps;
  /** GET /metrics and the request metrics (METRICS_TOKEN, decision 0069); absent: neither. */
  metrics?: MetricsRouteDeps;
}

/** Builds the HTTP app; production (main.ts) and the tests both go through here. */
export function createApp(deps: AppDeps): Hono {
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono();
  // A request id (X-Request-Id), a logger bound to it (c.var.logger), one access line per request (decision 0068).
  app.use(...requestLogging(logger));

  // First, so it times and counts every answer, the refusals of the middleware below included.
  if (deps.metrics) app.use(deps.metrics.metrics.middleware);
  app.use(
    secureHeaders({
      // Same-origin only: the shell, its remotes and the API share one origin. Buyer links carry
      // the delivery code in the query string, so no referrer leaves the site.
      referrerPolicy: 'same-origin',
      xFrameOptions: 'DENY',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives inject small <style> tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );

  // Sessions and CSRF come before every route: each one reads c.get('user') (null when anonymous).
  const accounts = deps.accounts ? accountsHttp(deps.accounts) : undefined;
  app.use(sessionMiddleware(accounts));
  app.use(csrfProtection({ publicOrigin: deps.accounts?.publicOrigin ?? (deps.publicBaseUrl ? new URL(deps.publicBaseUrl).origin : undefined) }));

  // The API's own texts in the caller's language (issue 19).
  app.use('/api/*', localizeMessages());

  // Every feature's routes: health, accounts, escrow, contact, metrics (features/mount-features.ts).
  mountFeatures(app, { checkDatabase: deps.checkDatabase, logger, accounts, escrow: deps.escrow, contact: deps.contact, metrics: deps.metrics });

  if (deps.frontendDist) {
    // The app answers a lean page's first read itself when it renders the page (decision 0059).
    const readApi = (request: Request, env: unknown) => app.fetch(request, env);
    app.use(staticFrontend({ distDir: deps.frontendDist, logger, publicBaseUrl: deps.publicBaseUrl, readApi }));
  }

  app.notFound((c) => c.json(notFoundBody(), 404));
  app.onError(createErrorHandler(logger));
  return app;
}
