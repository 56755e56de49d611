import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createErrorHandler, notFoundBody } from './error-handler.js';
import { healthRoute, type CheckDatabase } from './health-route.js';
import { consoleLogger, type Logger } from './logger.js';
import { staticFrontend } from './static-frontend.js';

export interface AppDeps {
  checkDatabase: CheckDatabase;
  /** Absolute path of the built shell; without it only the API is served (API-only tests). */
  frontendDist?: string;
  logger?: Logger;
}

/** Builds the HTTP app; production (main.ts) and the tests both go through here. */
export function createApp(deps: AppDeps): Hono {
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono();

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

  app.route('/api/health', healthRoute(deps.checkDatabase, logger));

  if (deps.frontendDist) app.use(staticFrontend({ distDir: deps.frontendDist, logger }));

  app.notFound((c) => c.json(notFoundBody(), 404));
  app.onError(createErrorHandler(logger));
  return app;
}
