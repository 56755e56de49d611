import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openSellerWorld } from './seller-world.js';

describe('RATE_LIMITS=off (the benchmark switch)', () => {
  it('is refused unless NODE_ENV is benchmark or test, and never in production', () => {
    expect(() => loadConfig({ RATE_LIMITS: 'off' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITS: 'off', NODE_ENV: 'production' })).toThrow(/only for benchmarks and tests/);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe', NODE_ENV: 'benchmark' })).toThrow(/RATE_LIMITS: must be on or off/);
    expect(loadConfig({ RATE_LIMITS: 'off', NODE_ENV: 'benchmark' }).rateLimitsOff).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).rateLimitsOff).toBeUndefined();
    expect(loadConfig({ RATE_LIMITS: 'on', NODE_ENV: 'benchmark' }).rateLimitsOff).toBeUndefined();
  });

  it('limits are on by default: the 21st wrong code for an order is refused; with the switch it is not, and the API says so in its log', async () => {
    for (const off of [false, true]) {
      const world = await openSellerWorld('sqlite', { env: off ? { RATE_LIMITS: 'off', NODE_ENV: 'benchmark' } : {} });
      try {
        const seller = await world.seller();
        const order = await world.order(seller);
        const statuses: number[] = [];
        const wrong = order.deliveryCode === '999999' ? '999998' : '999999';
        for (let i = 0; i < 21; i += 1) statuses.push((await world.call('GET', `/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': wrong }, address: '10.77.0.1' })).status);
        expect(statuses.at(-1)).toBe(off ? 404 : 429);
        expect(world.logs.some((entry) => entry.level === 'warn' && /RATE_LIMITS=off/.test(entry.message))).toBe(off);
      } finally {
        await world.dispose();
      }
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('sets the PostgreSQL pool of one API process (default: the adapter keeps its 10)', () => {
    const url = 'postgres://escrow@db:5432/escrow';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }).database).toEqual({ kind: 'postgres', url, poolSize: 25 });
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: 'lots' })).toThrow(ConfigError);
  });
});
