import type { MiddlewareHandler } from 'hono';
import type { RequestIds } from '../ids/daraja-ids.js';
import { DARAJA_ERRORS, sendDarajaError } from './daraja-errors.js';

/** Throttling armed by a test: the next N API calls are refused as Daraja refuses a burst. */
export class SpikeArrest {
  private remaining = 0;

  arm(count: number): void {
    this.remaining = count;
  }

  take(): boolean {
    if (this.remaining <= 0) return false;
    this.remaining -= 1;
    return true;
  }

  reset(): void {
    this.remaining = 0;
  }
}

/** Runs before authentication, as Apigee's spike arrest does at the edge of the proxy. */
export function spikeArrestMiddleware(spike: SpikeArrest, ids: RequestIds): MiddlewareHandler {
  return async (c, next) => {
    if (spike.take()) return sendDarajaError(c, ids, DARAJA_ERRORS.spikeArrest);
    await next();
  };
}
