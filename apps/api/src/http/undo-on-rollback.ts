import { AsyncLocalStorage } from 'node:async_hooks';
import type { FileStorage } from '@escrow/core';

type Undo = () => Promise<void>;

/**
 * Work a request does outside the database (a stored photo) that must go when the database
 * change it belongs to is rolled back after the request's handler has returned. That happens
 * on PostgreSQL to a duplicate of a request whose Idempotency-Key rides in its change's commit
 * (docs/decisions/0024): the duplicate runs its use case, finds the key at its commit and rolls
 * back, and a photo it stored would be left on disk with no order naming it.
 *
 * Refusals inside a use case are not this module's business: the use cases remove what they
 * stored when they refuse (createOrderWithPhotos, confirmPickupWithPhoto).
 */
const undoLists = new AsyncLocalStorage<Undo[]>();

/** Runs `run`, collecting what it asks to be undone if its change is rolled back; `undo` runs those, newest first. */
export async function collectingUndo<T>(run: () => Promise<T>): Promise<{ readonly value: T; undo(): Promise<void> }> {
  const undos: Undo[] = [];
  const value = await undoLists.run(undos, run);
  return {
    value,
    async undo() {
      for (const undo of undos.splice(0).reverse()) await undo().catch(() => undefined);
    },
  };
}

/** File storage whose stored files are removed again when the change of the request that stored them is rolled back. */
export function filesRemovedOnRollback(files: FileStorage): FileStorage {
  return {
    async put(path, bytes, contentType) {
      const stored = await files.put(path, bytes, contentType);
      undoLists.getStore()?.push(() => files.remove(path));
      return stored;
    },
    remove: (path) => files.remove(path),
  };
}
