import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import type { SqlDialect } from '@escrow/db-kysely';
import { openSellerWorld, type SellerWorld } from '../escrow-seller/seller-world.js';
import { eventually, lateServer } from '../helpers/late-server.js';

export const CALLBACK_SECRET = '5a1f0c3e9b7d4a2c8e6f1b3d5a7c9e0f';

export interface SmsWorld extends SellerWorld {
  readonly sim: DarajaSim;
  /** The API over real HTTP (the simulator POSTs its delivery reports there). */
  readonly apiUrl: string;
  /** Where Africa's Talking's dashboard would point: /api/sms/callbacks/<secret>/delivery. */
  readonly reportUrl: string;
  /** POSTs a form to the API over real HTTP, as Africa's Talking does (no Origin, no cookie). */
  postForm(path: string, body: string, contentType?: string): Promise<{ status: number; text: string }>;
  /** Polls `check` until it returns a value (not undefined), or fails after `ms`. */
  eventually<T>(check: () => Promise<T | undefined>, ms?: number): Promise<T>;
}

/**
 * The API as production composes it with AT_* pointing at the simulator (AT_BASE_URL), the
 * simulator's dashboard callback URL pointing at the API's delivery report route, and the API
 * on a real port so the reports reach it (and the links sent by SMS open it: PUBLIC_BASE_URL). The outbox is sent when a test says so (sendOutboxNow).
 */
export async function openSmsWorld(dialect: SqlDialect, env: NodeJS.ProcessEnv = {}): Promise<SmsWorld> {
  const server = await lateServer();
  const apiUrl = server.url;
  const reportUrl = `${apiUrl}/api/sms/callbacks/${CALLBACK_SECRET}/delivery`;
  const sim = await startDarajaSim({ callbackDelayMs: 20, sms: { deliveryReportUrl: reportUrl } });
  let world: SellerWorld;
  try {
    world = await openSellerWorld(dialect, {
      env: { AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'sim-at-api-key', AT_SENDER_ID: 'ESCROW', AT_BASE_URL: sim.url, AT_TIMEOUT_MS: '3000', AT_CALLBACK_SECRET: CALLBACK_SECRET, PUBLIC_BASE_URL: apiUrl, ...env },
    });
  } catch (error) {
    await server.close();
    await sim.close();
    throw error;
  }
  server.answerWith(world.composed.app);
  const dispose = world.dispose.bind(world);
  return Object.assign(world, {
    sim,
    apiUrl,
    reportUrl,
    async postForm(path: string, body: string, contentType = 'application/x-www-form-urlencoded') {
      const response = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: response.status, text: await response.text() };
    },
    eventually: <T>(check: () => Promise<T | undefined>, ms?: number) => eventually(check, ms, 25),
    async dispose() {
      await server.close();
      await dispose();
      await sim.close();
    },
  });
}
