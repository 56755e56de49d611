import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as validation from '../../src/validation/index.js';

const schemas = Object.entries(validation as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const formSchemas = schemas.filter(([, schema]) => validation.fieldOrderOf(schema).length > 0);

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}
const ourMessages = new Set(stringsOf(validation.validationMessages));

describe('every exported schema', () => {
  it('is found (guards the tests below against an empty list)', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(25);
    expect(formSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['orderFormSchema', 'sellerSignupSchema', 'contactFormSchema', 'buyerPaymentSchema']),
    );
  });

  it.each(schemas)('%s never throws on junk and always has a message', (_name, schema) => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true }), (input) => {
        const outcome = validation.parseOrFirstError(schema, input);
        if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it.each(schemas)('%s answers a value whose length is an object without a prototype (zod throws on it) with a message', (_name, schema) => {
    // Found by the property above (seed -1259225042): `{ length: Object.create(null) }`.
    const outcome = validation.parseOrFirstError(schema, { length: Object.create(null) as unknown });
    if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(0);
  });

  it.each(formSchemas)('%s only ever says things from the message catalogue, for any field values', (_name, schema) => {
    const fields = validation.fieldOrderOf(schema);
    const junkForm = fc.record(Object.fromEntries(fields.map((field) => [field, fc.anything()])), { requiredKeys: [] });
    fc.assert(
      fc.property(junkForm, (input) => {
        const result = schema.safeParse(input);
        for (const issue of result.error?.issues ?? []) expect(ourMessages).toContain(issue.message);
      }),
      { numRuns: 200 },
    );
  });
});
