import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { submitContactMessage, type ContactStore, type ContactSubmission, type Random } from '../../src/index.js';
import { contactFormSchema } from '../../src/validation/index.js';
import { FixedClock } from '../../src/testing/index.js';

function memoryContacts(): ContactStore & { readonly saved: ContactSubmission[] } {
  const saved: ContactSubmission[] = [];
  return {
    saved,
    async insert(submission) {
      saved.push(submission);
    },
  };
}

function countingRandom(): Random {
  let next = 0;
  return {
    int: (min) => min,
    uuid: () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    token: () => 'token',
  };
}

const world = () => {
  const contacts = memoryContacts();
  return { contacts, deps: { contacts, clock: new FixedClock(new Date('2026-03-02T07:15:00.000Z')), random: countingRandom() } };
};

describe('submitContactMessage', () => {
  it('stores the message trimmed, unresolved, with a fresh id and the time of sending', async () => {
    const { contacts, deps } = world();
    const result = await submitContactMessage(deps, { name: '  Wanjiru ', email: ' wanjiru@example.com ', phone: '   ', message: ' When do I get paid? ' });

    const expected: ContactSubmission = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Wanjiru',
      email: 'wanjiru@example.com',
      phone: null,
      message: 'When do I get paid?',
      createdAt: new Date('2026-03-02T07:15:00.000Z'),
    };
    expect(result).toEqual({ ok: true, value: expected });
    expect(contacts.saved).toEqual([expected]);
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: 'Wanjiru', email: 'not-an-email', message: 'Hi' }, 'Invalid email address'],
    [{ name: 'Wanjiru', email: 'w@example.com', phone: '0'.repeat(21), message: 'Hi' }, 'Phone number must be at most 20 characters'],
    [{ name: 'Wanjiru', email: 'w@example.com', message: ' ' }, 'Message is required'],
    [{ name: 'x'.repeat(101), email: 'bad', message: '' }, 'Name must be at most 100 characters'],
  ])('refuses %j with the first failing message (%s) and stores nothing', async (input, message) => {
    const { contacts, deps } = world();
    expect(await submitContactMessage(deps, input)).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message } });
    expect(contacts.saved).toEqual([]);
  });

  it('answers any input with a Result, never throws, and stores exactly the inputs the form schema accepts', async () => {
    const field = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ minLength: 95, maxLength: 1005 }), fc.anything());
    const input = fc.oneof(fc.anything(), fc.record({ name: field, email: fc.oneof(field, fc.emailAddress()), phone: field, message: field }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(input, async (candidate) => {
        const { contacts, deps } = world();
        const result = await submitContactMessage(deps, candidate);
        const accepted = contactFormSchema.safeParse(candidate).success;
        expect(result.ok).toBe(accepted);
        expect(contacts.saved).toHaveLength(accepted ? 1 : 0);
        if (!result.ok) expect(result.error.code).toBe('VALIDATION_FAILED');
      }),
      { numRuns: 300 },
    );
  });
});
