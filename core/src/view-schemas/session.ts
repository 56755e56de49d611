import { z } from 'zod';
import { USER_ROLES } from '../accounts/account-records.js';
import type { AccountAnswer, ContactMessageSent, PasswordReset, ResetCodeSent, ResetCodeVerified, SessionAnswer, SignInOptions } from '../views/session-answers.js';
import { viewSchema } from './exact.js';

// The session's and the shell's answers (apps/api/src/features/auth/routes.ts, contact/routes.ts).

const account = z.strictObject({ userId: z.string(), email: z.string(), roles: z.array(z.enum(USER_ROLES)), isAdmin: z.boolean(), sellerId: z.string().nullable() });

/** GET /api/auth/session: the account, or null for a visitor. */
export const sessionAnswerSchema = viewSchema<SessionAnswer>()(z.strictObject({ account: account.nullable() }));
/** An answer that is the signed-in account (sign-in, sign-up, change password). */
export const accountAnswerSchema = viewSchema<AccountAnswer>()(z.strictObject({ account }));
export const resetCodeSentSchema = viewSchema<ResetCodeSent>()(z.strictObject({ sent: z.literal(true) }));
export const resetCodeVerifiedSchema = viewSchema<ResetCodeVerified>()(z.strictObject({ verified: z.literal(true) }));
export const passwordResetSchema = viewSchema<PasswordReset>()(z.strictObject({ reset: z.literal(true) }));
export const signInOptionsSchema = viewSchema<SignInOptions>()(z.strictObject({ google: z.boolean() }));
export const contactMessageSentSchema = viewSchema<ContactMessageSent>()(z.strictObject({ id: z.string() }));
