import type { Context } from 'hono';

/** Who is signed in (a seller account, possibly an admin), resolved from the session cookie. */
export interface SessionUser {
  readonly userId: string;
  readonly email: string;
  /** The session row's id (the hash of its token), for sign-out and rotation. */
  readonly sessionId: string;
  readonly isAdmin: boolean;
  /** The seller record of this account, once onboarding created it. */
  readonly sellerId: string | null;
}

/**
 * Hono's context variables for every route. The session middleware (accounts) sets `user`
 * (null when nobody is signed in); routes read it, never a role or id from the request body.
 */
export type AppEnv = {
  Variables: {
    user: SessionUser | null;
  };
};

export type AppContext = Context<AppEnv>;
