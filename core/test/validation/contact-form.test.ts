import { describe, expect, it } from 'vitest';
import { contactFormSchema, parseOrFirstError } from '../../src/validation/index.js';

const valid = { name: 'Wanjiru', email: 'wanjiru@example.com', phone: '0712 345 678', message: 'Hello' };

describe('contactFormSchema', () => {
  it('trims every field and keeps the email as typed', () => {
    expect(
      contactFormSchema.parse({ name: '  Wanjiru ', email: ' Wanjiru@Example.com ', phone: ' +44 20 7946 0958 ', message: ' Hi ' }),
    ).toEqual({ name: 'Wanjiru', email: 'Wanjiru@Example.com', phone: '+44 20 7946 0958', message: 'Hi' });
  });

  it.each([undefined, null, '', '   '])('stores an empty phone (%j) as null', (phone) => {
    expect(contactFormSchema.parse({ ...valid, phone }).phone).toBeNull();
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: '    ' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ ...valid, email: 'nope' }, 'Invalid email address'],
    [{ ...valid, email: '' }, 'Invalid email address'],
    [{ ...valid, email: `${'a'.repeat(250)}@b.com` }, 'Email must be at most 255 characters'],
    [{ ...valid, phone: '0'.repeat(21) }, 'Phone number must be at most 20 characters'],
    [{ ...valid, message: '  ' }, 'Message is required'],
    [{ ...valid, message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
  ])('reports %j as %j', (input, message) => {
    expect(parseOrFirstError(contactFormSchema, input)).toEqual({ ok: false, message });
  });

  it('accepts the limits exactly', () => {
    const atLimits = { name: 'x'.repeat(100), email: valid.email, phone: '1'.repeat(20), message: 'm'.repeat(1000) };
    expect(contactFormSchema.safeParse(atLimits).success).toBe(true);
  });

  it('shows the first failing field in form order', () => {
    expect(parseOrFirstError(contactFormSchema, { name: '', email: 'x', message: '' })).toEqual({
      ok: false,
      message: 'Name is required',
    });
    expect(parseOrFirstError(contactFormSchema, { name: 'A', email: 'x', message: '' })).toEqual({
      ok: false,
      message: 'Invalid email address',
    });
  });
});
