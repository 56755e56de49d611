import { expect } from 'vitest';
import { constraintViolation, type ConstraintKind } from '../../src/index.js';

/**
 * Asserts that the database refused a write for the given reason. Checking the kind (not
 * merely "it threw") keeps a syntax error or a missing table from passing as a refusal.
 */
export async function expectRefused(write: Promise<unknown>, kind: ConstraintKind): Promise<void> {
  const outcome = await write.then(
    () => ({ refused: false as const }),
    (error: unknown) => ({ refused: true as const, error }),
  );
  expect(outcome.refused, `the database accepted a write it should refuse (${kind})`).toBe(true);
  if (outcome.refused) expect(constraintViolation(outcome.error), String(outcome.error)).toBe(kind);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise plus its resolve function, to hold a transaction open until the test says so. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Fails with `message` if `promise` has not settled within `ms` (instead of hanging the test). */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
