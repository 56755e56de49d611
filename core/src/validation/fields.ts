import { z } from 'zod';
import { validationMessages } from './messages.js';
import { isStorableText } from './storable-text.js';

/**
 * A required text input: trimmed, so a field of spaces counts as empty. A missing key gets
 * the same message as an empty one, because a browser form and an API client that
 * omits the key are making the same mistake. `invalid` is the field's message for a character
 * no database can store (a NUL, half a surrogate pair: `storable-text.ts`).
 */
export function requiredText(options: { required: string; max: number; tooLong: string; invalid: string }) {
  return z
    .string({ error: options.required })
    .trim()
    .min(1, { error: options.required })
    .max(options.max, { error: options.tooLong })
    .refine(isStorableText, { error: options.invalid });
}

/** An optional text input: trimmed; empty, null and missing all become `null` (spec: "empty is saved as null"). */
export function optionalText(options: { max: number; tooLong: string; invalid: string }) {
  return z
    .string({ error: validationMessages.common.invalidInput })
    .trim()
    .max(options.max, { error: options.tooLong })
    .refine(isStorableText, { error: options.invalid })
    .nullish()
    .transform((value): string | null => (value ? value : null));
}

/**
 * A ticked checkbox. Accepts any boolean so a form can bind it, but only `true` passes.
 */
export function acceptedTerms(message: string) {
  return z
    .boolean({ error: message })
    .refine((accepted) => accepted, { error: message })
    .transform((): true => true);
}

/**
 * `when` predicate for cross-field checks: run once the named fields parsed cleanly, even if
 * other fields failed, so a form shows every field's problem at once. Zod calls `when` even
 * when the input is not an object, so that case is excluded here too.
 */
export function whenFieldsValid(...fields: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      return field !== undefined && !fields.includes(String(field));
    });
}

