import type { AccountAnswer, AccountSummary, ContactMessageSent, PasswordReset, ResetCodeSent, ResetCodeVerified, SessionAnswer, SignInOptions } from '@escrow/core';
import type { Wire } from '../wire.ts';

// The session's and the shell's own answers (apps/api/src/features/auth/routes.ts, contact/routes.ts). Types only.

/** The signed-in account as the API answers it (the core's AccountSummary). */
export type Account = Wire<AccountSummary>;

export interface SessionEndpoints {
  'GET /api/auth/session': Wire<SessionAnswer>;
  'POST /api/auth/change-password': Wire<AccountAnswer>;
  'POST /api/auth/sign-in': Wire<AccountAnswer>;
  'POST /api/auth/sign-up': Wire<AccountAnswer>;
  'POST /api/auth/send-password-reset-code': Wire<ResetCodeSent>;
  'POST /api/auth/verify-reset-code': Wire<ResetCodeVerified>;
  'POST /api/auth/reset-password': Wire<PasswordReset>;
  'GET /api/auth/sign-in-options': Wire<SignInOptions>;
  'POST /api/contact': Wire<ContactMessageSent>;
}
