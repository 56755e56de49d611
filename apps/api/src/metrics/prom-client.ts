import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

let loaded: typeof PromClient | undefined;

/**
 * prom-client, loaded when the metrics are made (METRICS_TOKEN set): an API without them starts
 * without it. Through createRequire, as pg, nodemailer and pino-pretty are, so the API's bundle
 * leaves it out (scripts/bundle-api.mjs) and it is read from apps/api's dependencies.
 */
export function promClient(): typeof PromClient {
  loaded ??= createRequire(import.meta.url)('prom-client') as typeof PromClient;
  return loaded;
}
