import { z } from 'zod';

/**
 * A result code as Daraja sends it: an integer in callbacks, a string in STK Query, and a few
 * codes are not numbers at all (SFC_IC0003). Numeric codes become numbers, so `=== 0` works
 * whichever way they came; the others stay strings rather than fail the whole message.
 */
export type ResultCode = number | string;

export const resultCodeSchema = z
  .union([z.number().int(), z.string().trim().min(1)])
  .transform((code): ResultCode => (typeof code === 'string' && /^-?\d+$/.test(code) ? Number(code) : code));

/** An integer sent as a number or as a string of digits (ResultType differs between sources). */
export const integerSchema = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/, 'expected an integer').transform(Number)]);

/** A Key/Value or Name/Value Value: number or string in different sources; kept as text. */
export const scalarText = z.union([z.string(), z.number().transform((value) => String(value))]);

/** Some lists arrive as one bare object when they have a single element. */
export const oneOrMany = <T extends z.ZodType>(item: T) => z.union([z.array(item), item.transform((single) => [single])]);
