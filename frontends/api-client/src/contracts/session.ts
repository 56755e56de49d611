import type { AccountSummary } from '@escrow/core';
import type { Wire } from '../wire.ts';

// The session's answers (apps/api/src/routes/auth-routes.ts). Types only.

/** The signed-in account as the API answers it (the core's AccountSummary). */
export type Account = Wire<AccountSummary>;

export interface SessionEndpoints {
  'GET /api/auth/session': { readonly account: Account | null };
  'POST /api/auth/change-password': { readonly account: Account };
}
