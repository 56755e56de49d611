import { z } from 'zod';
import { validationMessages } from './messages.js';

/** What a form or route needs from a failed parse: one message, as the spec's forms show it. */
export type ParseOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

/**
 * The first failing message in field order (spec section 5: "The first failing message is
 * shown"). Zod lists field issues in field order but appends cross-field checks after all
 * of them, so with `fieldOrder` the issue of the earliest field wins; issues of one field
 * keep zod's order, which is the order of that field's checks.
 */
export function firstErrorMessage(
  error: { readonly issues: readonly z.core.$ZodIssue[] },
  fieldOrder: readonly PropertyKey[] = [],
): string {
  let first: z.core.$ZodIssue | undefined;
  let firstRank = Number.POSITIVE_INFINITY;
  for (const issue of error.issues) {
    const rank = rankOf(issue, fieldOrder);
    if (first === undefined || rank < firstRank) {
      first = issue;
      firstRank = rank;
    }
  }
  if (first === undefined) return validationMessages.common.invalidInput;
  // A body that is not an object at all (null, a string) has no field to blame; zod's own
  // wording ("expected object, received null") is not for users.
  if (first.code === 'invalid_type' && first.path.length === 0 && first.expected === 'object') {
    return validationMessages.common.invalidInput;
  }
  return first.message;
}

function rankOf(issue: z.core.$ZodIssue, fieldOrder: readonly PropertyKey[]): number {
  const field = issue.path[0];
  const index = field === undefined ? -1 : fieldOrder.indexOf(field);
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

/** The top-level field names of an object schema, looking through `.transform()` / `.pipe()`. */
export function fieldOrderOf(schema: z.ZodType): readonly string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/**
 * Parses with any schema of this folder and answers with the value or the one message to
 * show. Never throws for bad input: every refinement here is synchronous and total.
 */
export function parseOrFirstError<S extends z.ZodType>(schema: S, input: unknown): ParseOutcome<z.output<S>> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(input);
  } catch {
    // zod's length checks run on a non-string whose `length` cannot become a number (an object
    // without a prototype, which JSON never makes but a caller in code can): junk, not a crash.
    return { ok: false, message: validationMessages.common.invalidInput };
  }
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: firstErrorMessage(result.error, fieldOrderOf(schema)) };
}
