import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compose } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { clientAddress, normalizeAddress } from '../../src/http/client-address.js';
import { recordingLogger } from '../helpers/recording-logger.js';

async function addressOf(hops: number, peer: string | undefined, forwarded?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, hops)));
  const response = await app.request('/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }, peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined);
  return response.text();
}

describe('client address for per-address limits', () => {
  it('is the TCP peer unless proxies are trusted; then the address the outermost trusted proxy saw', async () => {
    expect(await addressOf(0, '192.0.2.10', '1.1.1.1')).toBe('192.0.2.10');
    expect(await addressOf(1, '10.0.0.2', 'spoofed, 198.51.100.4')).toBe('198.51.100.4');
    expect(await addressOf(2, '10.0.0.2', 'spoofed, 198.51.100.4, 10.0.0.9')).toBe('198.51.100.4');
    expect(await addressOf(1, '10.0.0.2', 'not-an-ip')).toBe('10.0.0.2');
    expect(await addressOf(0, undefined)).toBe('unknown');
  });

  it('folds IPv4-mapped addresses and cuts IPv6 to its /64', () => {
    expect(normalizeAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(normalizeAddress('garbage')).toBe('unknown');
  });

  it('reads TRUST_PROXY_HOPS (absent by default)', () => {
    expect(loadConfig({}).trustProxyHops).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY_HOPS: '1' }).trustProxyHops).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow();
  });
});

describe('the composed API serves the escrow routes (SQLite)', () => {
  it('wires buyer, rider, public, live and photo routes with the in-process bus', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'escrow-wiring-'));
    const composed = await compose(loadConfig({ DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent' }), recordingLogger(), { dispatchIntervalMs: 60_000 });
    try {
      expect((await composed.app.request('/api/public/orders/none')).status).toBe(404);
      expect((await composed.app.request('/api/buyer/orders/none')).status).toBe(400);
      expect((await composed.app.request('/api/buyer/orders/none', { headers: { 'x-delivery-code': '123456' } })).status).toBe(404);
      // A phone alone lists nothing: the rider proves it first (decision 0046).
      expect((await composed.app.request('/api/rider/jobs/available', { headers: { 'x-rider-phone': '0712345678' } })).status).toBe(401);
      expect((await composed.app.request('/api/rider/phone-code', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '0712345678' }) })).status).toBe(200);
      expect((await composed.app.request('/api/live/orders/none')).status).toBe(404);
      expect((await composed.app.request('/uploads/order-photos/pickup/missing.png')).status).toBe(404);
    } finally {
      await composed.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
