import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { EscrowHttp } from '../escrow-context.js';
import { riderJobRoutes } from './job-routes.js';
import { riderPhoneRoutes } from './phone-routes.js';

/** The rider's API, mounted at /api/rider: proving the phone (phone-routes.ts), then the jobs (job-routes.ts). */
export function riderRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', riderPhoneRoutes(h));
  app.route('/', riderJobRoutes(h));
  return app;
}
