import { startDarajaSim, SANDBOX_PASSKEY, type DarajaSim, type DarajaSimOptions } from '@escrow/daraja-sim';
import type { SqlDialect } from '@escrow/db-kysely';
import { openSellerWorld, type SellerWorld } from '../escrow-seller/seller-world.js';
import { eventually, lateServer } from '../helpers/late-server.js';

export interface MpesaWorld extends SellerWorld {
  readonly sim: DarajaSim;
  /** The API over real HTTP (the simulator POSTs its callbacks there). */
  readonly apiUrl: string;
  /** Polls `check` until it returns a value (not undefined), or fails after `ms`. */
  eventually<T>(check: () => Promise<T | undefined>, ms?: number): Promise<T>;
}

/**
 * The API as production composes it, talking to the Daraja simulator over real HTTP with the
 * same client and callbacks as against Safaricom (MPESA_BASE_URL), listening on a real port so
 * the simulator's callbacks reach it. The reconciler runs every 200 ms.
 */
export async function openMpesaWorld(dialect: SqlDialect, options: { sim?: DarajaSimOptions; env?: NodeJS.ProcessEnv; payoutIntervalMs?: number } = {}): Promise<MpesaWorld> {
  const sim = await startDarajaSim({ callbackDelayMs: 20, ...options.sim });
  // The port must be known before the API is composed (its callback URL names it): listen first, answer once composed.
  const server = await lateServer();
  const apiUrl = server.url;
  let world: SellerWorld;
  try {
    world = await openSellerWorld(dialect, {
      env: {
        MPESA_ENVIRONMENT: 'sandbox',
        MPESA_BASE_URL: sim.url,
        MPESA_CONSUMER_KEY: 'sim-consumer-key',
        MPESA_CONSUMER_SECRET: 'sim-consumer-secret',
        MPESA_SHORTCODE: '174379',
        MPESA_PASSKEY: SANDBOX_PASSKEY,
        MPESA_CALLBACK_BASE_URL: apiUrl,
        MPESA_TIMEOUT_MS: '3000',
        ...options.env,
      },
      reconcileIntervalMs: 200,
      ...(options.payoutIntervalMs ? { payoutIntervalMs: options.payoutIntervalMs } : {}),
    });
  } catch (error) {
    await server.close();
    await sim.close();
    throw error;
  }
  server.answerWith(world.composed.app);
  // Paybill payments reach the API only once its C2B URLs are registered (in the background at the start).
  await world.composed.c2bUrlsRegistered;
  const dispose = world.dispose.bind(world);
  return Object.assign(world, {
    sim,
    apiUrl,
    eventually: <T>(check: () => Promise<T | undefined>, ms?: number) => eventually(check, ms),
    async dispose() {
      await server.close();
      await dispose();
      await sim.close();
    },
  });
}
