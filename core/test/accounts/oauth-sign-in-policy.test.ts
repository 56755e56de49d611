import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOAuthSignIn, USER_ROLES, type OAuthSignInFacts, type UserRole } from '../../src/index.js';

const roles = fc.subarray([...USER_ROLES] as UserRole[]);
const account = fc.record({ userId: fc.uuid(), roles, hasPassword: fc.boolean(), emailVerified: fc.boolean(), linkedSubject: fc.option(fc.string({ minLength: 1 }), { nil: null }) });
const facts: fc.Arbitrary<OAuthSignInFacts> = fc.record(
  { emailVerified: fc.boolean(), bySubject: fc.record({ userId: fc.uuid(), roles }), byEmail: account },
  { requiredKeys: ['emailVerified'] },
);

describe('the Google linking rule (decision 0060)', () => {
  it('never signs anyone in on an address the provider did not verify', () => {
    fc.assert(fc.property(facts, (f) => void expect(planOAuthSignIn({ ...f, emailVerified: false })).toEqual({ kind: 'refuse', code: 'OAUTH_EMAIL_NOT_VERIFIED' })));
  });

  it('never signs an admin in, linked or matched by address', () => {
    fc.assert(
      fc.property(facts, fc.constantFrom<UserRole>('admin', 'super_admin'), (f, role) => {
        const plan = planOAuthSignIn({ ...f, emailVerified: true, ...(f.bySubject ? { bySubject: { ...f.bySubject, roles: [role] } } : {}), ...(f.byEmail ? { byEmail: { ...f.byEmail, roles: [role] } } : {}) });
        if (f.bySubject || f.byEmail) expect(plan).toEqual({ kind: 'refuse', code: 'OAUTH_ADMIN_NOT_ALLOWED' });
        else expect(plan).toEqual({ kind: 'create' });
      }),
    );
  });

  it('signs a linked subject into its account, whatever account holds the address now', () => {
    const byEmail = { userId: 'other', roles: [], hasPassword: true, emailVerified: true, linkedSubject: null };
    expect(planOAuthSignIn({ emailVerified: true, bySubject: { userId: 'u1', roles: [] }, byEmail })).toEqual({ kind: 'sign-in', userId: 'u1' });
  });

  it('links an address match; removes the password only when the address was never proven', () => {
    const base = { userId: 'u1', roles: [], linkedSubject: null };
    expect(planOAuthSignIn({ emailVerified: true, byEmail: { ...base, hasPassword: true, emailVerified: false } })).toEqual({ kind: 'link', userId: 'u1', removePassword: true });
    expect(planOAuthSignIn({ emailVerified: true, byEmail: { ...base, hasPassword: true, emailVerified: true } })).toEqual({ kind: 'link', userId: 'u1', removePassword: false });
    expect(planOAuthSignIn({ emailVerified: true, byEmail: { ...base, hasPassword: false, emailVerified: false } })).toEqual({ kind: 'link', userId: 'u1', removePassword: false });
  });

  it('refuses a second Google account on an account already linked to one', () => {
    expect(planOAuthSignIn({ emailVerified: true, byEmail: { userId: 'u1', roles: [], hasPassword: false, emailVerified: true, linkedSubject: 'sub-1' } })).toEqual({
      kind: 'refuse',
      code: 'OAUTH_LINKED_TO_ANOTHER',
    });
  });

  it('opens a new account only when neither the subject nor the address is known', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const plan = planOAuthSignIn({ ...f, emailVerified: true });
        expect(plan.kind === 'create').toBe(!f.bySubject && !f.byEmail);
      }),
    );
  });
});
