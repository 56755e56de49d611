import { buyerPaybill, type AdminQueries, type EventBus, type PaybillDestination, type PaymentConfigDefaults } from '@escrow/core';

/** How long one process may show buyers a Paybill another process has since replaced. */
export const PAYBILL_CACHE_MS = 5_000;

export interface PaybillSource {
  /** The Paybill buyers pay into now: the admin's saved one, else the operator's defaults. */
  current(): Promise<PaybillDestination>;
  /** Forget the cached value (this process just saved a new one). */
  invalidate(): void;
  /** Stops listening to the event bus. */
  close(): void;
}

/**
 * The buyer page's Paybill (system_config with the environment's fallback), read at most once
 * per PAYBILL_CACHE_MS per process: the buyer page is the busiest read, and the Paybill
 * changes perhaps once a year. A `payment_config.changed` event (from this process or, over
 * LISTEN/NOTIFY, any other) drops the cached value at once; the short expiry covers an event
 * missed while a process's LISTEN connection was down.
 */
export function paybillSource(deps: { queries: AdminQueries; defaults: PaymentConfigDefaults; events?: EventBus | undefined; now?: () => number }): PaybillSource {
  const now = deps.now ?? Date.now;
  let cached: { value: PaybillDestination; until: number } | null = null;
  let pending: Promise<PaybillDestination> | null = null;
  let generation = 0;
  const unsubscribe =
    deps.events?.subscribe((event) => {
      if (event.type === 'payment_config.changed') invalidate();
    }) ?? (() => undefined);
  function invalidate(): void {
    cached = null;
    pending = null;
    generation += 1;
  }
  return {
    async current() {
      if (cached && cached.until > now()) return cached.value;
      if (!pending) {
        const mine = generation;
        pending = deps.queries
          .paymentConfig()
          .then((saved) => {
            const value = buyerPaybill(saved, deps.defaults);
            // A change announced while this read was in flight may not be in it: do not keep it.
            if (mine === generation) cached = { value, until: now() + PAYBILL_CACHE_MS };
            return value;
          })
          .finally(() => {
            if (mine === generation) pending = null;
          });
      }
      return pending;
    },
    invalidate,
    close: unsubscribe,
  };
}
