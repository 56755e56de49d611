import { Hono } from 'hono';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import type { SimWorld } from '../sim-world.js';

function basicCredentials(header: string | undefined): { key: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 1 ? null : { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** GET /oauth/v1/generate?grant_type=client_credentials with Basic base64(key:secret). */
export function oauthRoutes(world: SimWorld): Hono {
  return new Hono().get('/oauth/v1/generate', (c) => {
    if (c.req.query('grant_type') !== 'client_credentials') return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidGrantType);
    const credentials = basicCredentials(c.req.header('authorization'));
    const consumer = credentials && world.options.consumers.find((k) => k.key === credentials.key && k.secret === credentials.secret);
    if (!consumer) return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidAuthentication);
    const { token, expiresIn } = world.tokens.issue(consumer.key);
    // expires_in is a string, as the sandbox sends it; clients must accept a number too.
    return c.json({ access_token: token, expires_in: String(expiresIn) });
  });
}
