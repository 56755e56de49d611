import type { AccountSummary } from '../accounts/account-records.js';

// The answers of /api/auth and /api/contact that the shell's pages read (apps/api/src/features/auth/routes.ts
// and contact/routes.ts, each held with `satisfies Wire<...>`): the shell reads them as Wire<...>
// (@escrow/api-client/contracts/session).

/** POST /api/auth/sign-in, /sign-up and /change-password: the signed-in account. */
export interface AccountAnswer {
  readonly account: AccountSummary;
}

/** GET /api/auth/session: the account, or null for a visitor (200 either way). */
export interface SessionAnswer {
  readonly account: AccountSummary | null;
}

/** POST /api/auth/send-password-reset-code: the same answer whether or not the address has an account. */
export interface ResetCodeSent {
  readonly sent: true;
}

/** POST /api/auth/verify-reset-code. */
export interface ResetCodeVerified {
  readonly verified: true;
}

/** POST /api/auth/reset-password. */
export interface PasswordReset {
  readonly reset: true;
}

/** GET /api/auth/sign-in-options: whether /auth offers "Continue with Google" (decision 0060). */
export interface SignInOptions {
  readonly google: boolean;
}

/** POST /api/contact: the stored message's id. */
export interface ContactMessageSent {
  readonly id: string;
}
