import { err, type DomainError } from '../errors.js';
import { hasUnstorableCharacter } from '../validation/storable-text.js';

/** Input from outside, read defensively: anything that is not a string counts as empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const optionalText = (value: unknown): string | null => text(value) || null;

/**
 * VALIDATION_FAILED with the field's own message for the first text that no database can
 * store as it is (a NUL, half a surrogate pair: validation/storable-text.ts), else null. The
 * schemas refuse such text before a use case runs; use cases check again because they are
 * also called without the schemas (the admin CLI, tests, other adapters).
 */
export function unstorableText(fields: readonly (readonly [value: unknown, message: string])[]): { readonly ok: false; readonly error: DomainError } | null {
  for (const [value, message] of fields) {
    if (typeof value === 'string' && hasUnstorableCharacter(value)) return err('VALIDATION_FAILED', { message });
  }
  return null;
}
