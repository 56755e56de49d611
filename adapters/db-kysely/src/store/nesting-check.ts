import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Refuses a store call made from inside one of the same store's transactions: on SQLite it
 * would wait forever for the one connection the transaction holds, and on PostgreSQL it would
 * silently write outside the transaction. The use case must use the `tx` it was given.
 *
 * The check is a programming-error detector, on by default and in every test. It follows the
 * transaction through its awaits with AsyncLocalStorage, which on Node 20 turns on async hooks
 * for every promise of the process once it is used: 15-23% of the API's CPU per buyer read
 * (decision 0057). The API turns it off in production (NODE_ENV=production, and in the
 * benchmark, which measures production); off, the check is never entered and costs nothing.
 */
export interface NestingCheck {
  /** Runs a transaction's work, marked as inside the store (when the check is on). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Throws when called from inside one of the store's transactions (when the check is on). */
  refuse(store: string, method: string): void;
}

export function nestingCheck(enabled = true): NestingCheck {
  if (!enabled) return { run: (work) => work(), refuse: () => undefined };
  const inside = new AsyncLocalStorage<true>();
  return {
    run: (work) => inside.run(true, work),
    refuse(store, method) {
      if (inside.getStore()) throw new Error(`${store}.${method} called inside a transaction of the same store; use the tx given to the transaction`);
    },
  };
}
