import { isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * The address a request came from, as the key of per-address rate limits.
 *
 * - Without a trusted proxy (`trustProxyHops` 0, the default) it is the TCP peer: headers are
 *   written by the client and would let an attacker pick a fresh "address" per request.
 * - Behind N trusted proxies it is the N-th address from the right of X-Forwarded-For (the
 *   one the outermost trusted proxy saw); entries further left are the client's own claims.
 * - IPv6 addresses are cut to their /64: one subscriber commonly holds a whole /64, so a
 *   per-address limit on full addresses would be a limit on nothing.
 * - Requests with no socket (in-process `app.request` without bindings) share 'unknown'.
 */
export function clientAddress(c: Context, trustProxyHops = 0): string {
  const address = clientIp(c, trustProxyHops);
  return address ? normalizeAddress(address) : 'unknown';
}

/**
 * The full IP address a request came from by the same rules (IPv4-mapped IPv6 as IPv4), for
 * allow-lists; undefined when unknown (no socket).
 */
export function clientIp(c: Context, trustProxyHops = 0): string | undefined {
  let address = socketAddress(c.env);
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    // The chain the trusted proxies appended, ending with the peer itself (the last proxy).
    const candidate = forwarded[forwarded.length - trustProxyHops];
    if (candidate && isIP(stripZone(candidate))) address = candidate;
  }
  if (!address) return undefined;
  const plain = stripZone(address.trim().toLowerCase());
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1] ?? plain;
}

function socketAddress(env: unknown): string | undefined {
  if (typeof env !== 'object' || env === null) return undefined;
  const bindings = env as { incoming?: { socket?: { remoteAddress?: unknown } }; server?: { incoming?: { socket?: { remoteAddress?: unknown } } } };
  const address = bindings.incoming?.socket?.remoteAddress ?? bindings.server?.incoming?.socket?.remoteAddress;
  return typeof address === 'string' && address !== '' ? address : undefined;
}

const stripZone = (address: string): string => address.replace(/%.*$/, '');

/** IPv4 as is (also when IPv4-mapped in IPv6); IPv6 as its /64 prefix. */
export function normalizeAddress(raw: string): string {
  const address = stripZone(raw.trim().toLowerCase());
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) === 4) return address;
  if (isIP(address) !== 6) return 'unknown';
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::') ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
