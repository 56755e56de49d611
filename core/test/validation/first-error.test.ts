import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldOrderOf, firstErrorMessage, parseOrFirstError } from '../../src/validation/index.js';

const form = z
  .object({
    first: z.string().min(1, { error: 'First is required' }),
    second: z.string().min(1, { error: 'Second is required' }),
    third: z.string().min(1, { error: 'Third is required' }),
  })
  .superRefine((value, ctx) => {
    if (value.second === 'bad') ctx.addIssue({ code: 'custom', message: 'Second is bad', path: ['second'] });
  })
  .transform((value) => ({ ...value, done: true }));

describe('firstErrorMessage', () => {
  it('picks the earliest field when a cross-field issue comes after a later field', () => {
    const error = form.safeParse({ first: 'x', second: 'bad', third: '' }).error!;
    // zod lists the later field first: the refinement ran after all fields.
    expect(error.issues.map((issue) => issue.message)).toEqual(['Third is required', 'Second is bad']);
    expect(firstErrorMessage(error, ['first', 'second', 'third'])).toBe('Second is bad');
  });

  it("keeps zod's order without a field order, and within one field", () => {
    const issues = [
      { code: 'custom', path: ['b'], message: 'B1', input: 1 },
      { code: 'custom', path: ['a'], message: 'A1', input: 1 },
      { code: 'custom', path: ['a'], message: 'A2', input: 1 },
    ] as z.core.$ZodIssue[];
    expect(firstErrorMessage({ issues })).toBe('B1');
    expect(firstErrorMessage({ issues }, ['a', 'b'])).toBe('A1');
  });

  it('puts issues of unknown fields last', () => {
    const issues = [
      { code: 'custom', path: [], message: 'Form', input: 1 },
      { code: 'custom', path: ['b'], message: 'B', input: 1 },
    ] as z.core.$ZodIssue[];
    expect(firstErrorMessage({ issues }, ['a', 'b'])).toBe('B');
  });

  it('falls back to a generic text when there is nothing to show', () => {
    expect(firstErrorMessage({ issues: [] })).toBe('Please check the form and try again.');
  });
});

describe('fieldOrderOf', () => {
  it('sees through transforms and refinements', () => {
    expect(fieldOrderOf(form)).toEqual(['first', 'second', 'third']);
  });

  it('is empty for a non-object schema', () => {
    expect(fieldOrderOf(z.string())).toEqual([]);
  });
});

describe('parseOrFirstError', () => {
  it('returns the parsed value', () => {
    expect(parseOrFirstError(form, { first: 'a', second: 'b', third: 'c' })).toEqual({
      ok: true,
      value: { first: 'a', second: 'b', third: 'c', done: true },
    });
  });

  it('returns the first message in field order', () => {
    expect(parseOrFirstError(form, { first: 'a', second: 'bad', third: '' })).toEqual({ ok: false, message: 'Second is bad' });
  });

  it.each([null, 'text', 42, []])('answers %j, which is not a form at all, with the generic text', (input) => {
    expect(parseOrFirstError(form, input)).toEqual({ ok: false, message: 'Please check the form and try again.' });
  });
});
