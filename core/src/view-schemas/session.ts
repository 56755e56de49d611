import { z } from 'zod';
import { USER_ROLES, type AccountSummary } from '../accounts/account-records.js';
import { viewSchema } from './exact.js';

// The session's answers (apps/api/src/routes/auth-routes.ts).

const account = z.strictObject({ userId: z.string(), email: z.string(), roles: z.array(z.enum(USER_ROLES)), isAdmin: z.boolean(), sellerId: z.string().nullable() });

/** GET /api/auth/session: the account, or null for a visitor. */
export const sessionAnswerSchema = viewSchema<{ readonly account: AccountSummary | null }>()(z.strictObject({ account: account.nullable() }));
/** An answer that is the signed-in account (sign-in, sign-up, change password). */
export const accountAnswerSchema = viewSchema<{ readonly account: AccountSummary }>()(z.strictObject({ account }));
