import type { MiddlewareHandler } from 'hono';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import type { RequestIds } from '../ids/daraja-ids.js';
import type { TokenStore } from './token-store.js';

/** Every Daraja API call but OAuth needs `Authorization: Bearer <live token>`. */
export function bearerAuth(tokens: TokenStore, ids: RequestIds): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) return sendDarajaError(c, ids, DARAJA_ERRORS.invalidAuthenticatorHeader);
    if (!tokens.isValid(match[1])) return sendDarajaError(c, ids, DARAJA_ERRORS.invalidAccessToken);
    await next();
  };
}
