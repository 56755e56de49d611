import { z } from 'zod';
import { isDarajaTimestamp } from '../time/nairobi-time.js';

export type FieldSchemas = Record<string, z.ZodType>;
export type FieldValues<S extends FieldSchemas> = { [K in keyof S]: z.output<S[K]> };
export type FieldsResult<S extends FieldSchemas> = { ok: true; values: FieldValues<S> } | { ok: false; field: string };

/**
 * Checks a Daraja request field by field in the documented order, stopping at the first bad
 * one, because Daraja names one field per error ("Bad Request - Invalid Amount").
 */
export function readFields<S extends FieldSchemas>(body: Record<string, unknown>, schemas: S): FieldsResult<S> {
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(schemas)) {
    const parsed = schema.safeParse(body[field]);
    if (!parsed.success) return { ok: false, field };
    values[field] = parsed.data;
  }
  return { ok: true, values: values as FieldValues<S> };
}

// Integrators send numeric fields both as JSON numbers (the Go SDK) and as strings (most
// others); Daraja takes either, so the simulator does too and works with the text.
export const numericText = (pattern: RegExp) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(pattern));

export const shortCodeField = numericText(/^\d{5,9}$/);
export const msisdnField = numericText(/^254[17]\d{8}$/);
export const timestampField = numericText(/^\d{14}$/).refine(isDarajaTimestamp);
export const identifierTypeField = numericText(/^[124]$/);

/** Whole shillings, at least 1: 1.5 and "1.00" are refused ("Bad Request - Invalid Amount"). */
export const wholeShillingsField = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // http is allowed (Daraja wants https): integrations under test listen on localhost.
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const httpUrlField = z.string().refine(isHttpUrl);
export const requiredText = (max: number) => z.string().min(1).max(max);
/** Remarks of B2C, B2B, Transaction Status and Reversal: 2 to 100 characters. */
export const remarksField = z.string().min(2).max(100);
/** Optional text: absent or null reads as ''. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');
