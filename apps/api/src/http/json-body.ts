import { parseOrFirstError } from '@escrow/core/validation';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { errorBody } from './error-handler.js';

/**
 * Route middleware that parses and validates a JSON body with a zod schema (the same
 * schemas the frontends use, from @escrow/core/validation). Malformed JSON is answered 400
 * by Hono's validator through the error handler; a body that fails the schema is answered
 * 400 VALIDATION_FAILED with the first failing message in field order (spec section 5).
 * Handlers read the parsed body with `c.req.valid('json')`.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return validator('json', (value, c) => {
    const parsed = parseOrFirstError(schema, value);
    if (parsed.ok) return parsed.value as z.output<T>;
    return c.json(errorBody({ code: 'VALIDATION_FAILED', message: parsed.message }), 400);
  });
}
