import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startDarajaSim, type DarajaSim, type DarajaSimOptions } from '../../src/index.js';
import { CallbackReceiver } from './callback-receiver.js';
import { DarajaClient } from './daraja-client.js';

export interface SimWorld {
  readonly sim: DarajaSim;
  readonly client: DarajaClient;
  readonly receiver: CallbackReceiver;
}

/**
 * One simulator, a client of it and a callback receiver for the whole file, reset before each
 * test (the suites of STK outcomes, callback modes and Transaction Status share this set-up).
 */
export function useSimWorld(options: DarajaSimOptions = {}): SimWorld {
  const world = {} as { sim: DarajaSim; client: DarajaClient; receiver: CallbackReceiver };
  beforeAll(async () => {
    world.sim = await startDarajaSim(options);
    world.client = new DarajaClient(world.sim.url);
    world.receiver = await CallbackReceiver.start();
  });
  afterAll(async () => {
    await world.sim.close();
    await world.receiver.close();
  });
  beforeEach(() => {
    world.sim.reset();
    world.receiver.clear();
  });
  return world;
}
