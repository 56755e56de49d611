import { hasUnstorableCharacter } from '../validation/storable-text.js';

/**
 * Thrown by a store adapter asked to write (or compare against) text that no database column
 * can hold as it is: a NUL or half a surrogate pair (validation/storable-text.ts). Every field
 * is refused with its own message long before, by the schemas and the use cases; this is the
 * last line, so that such text never reaches PostgreSQL (which would fail the statement) or
 * SQLite (which would store something else). The HTTP layer answers it 400, never 500.
 */
export class UnstorableTextError extends Error {
  override readonly name = 'UnstorableTextError';
  constructor() {
    super('a statement parameter holds text no database column can store (NUL or a lone surrogate)');
  }
}

/** Throws UnstorableTextError when any string among `values` cannot be stored as it is. */
export function refuseUnstorableParameters(values: readonly unknown[]): void {
  for (const value of values) {
    if (typeof value === 'string' && hasUnstorableCharacter(value)) throw new UnstorableTextError();
  }
}
