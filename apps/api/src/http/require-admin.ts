import { catalogue, type Actor } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from './app-env.js';
import { errorBody, type ErrorBody } from './error-handler.js';

export type AdminCaller =
  | { readonly ok: true; readonly user: SessionUser; readonly actor: Actor; readonly scope: string }
  | { readonly ok: false; readonly response: Response };

/** Route middleware: refuses everyone but admins before the body is read. */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = adminCaller(c);
  if (!caller.ok) return caller.response;
  await next();
  return undefined;
};

/** An admin session: 401 without a session, 403 with the spec's text for everyone else. */
export function adminCaller(c: Context<AppEnv>): AdminCaller {
  const user = c.get('user');
  if (!user) return { ok: false, response: c.json(errorBody({ code: 'UNAUTHENTICATED' }), 401) };
  if (!user.isAdmin) {
    const body: ErrorBody = { error: { code: 'FORBIDDEN', message: catalogue.admin.accessDenied } };
    return { ok: false, response: c.json(body, 403) };
  }
  return { ok: true, user, actor: { kind: 'admin', userId: user.userId }, scope: `admin\n${user.userId}` };
}
