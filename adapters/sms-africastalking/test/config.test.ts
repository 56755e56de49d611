import { describe, expect, it } from 'vitest';
import { africasTalkingConfigFromEnv } from '../src/index.js';

describe('africasTalkingConfigFromEnv', () => {
  it('none of the variables (or only empty ones): no config, no problems (SMS go to the console)', () => {
    expect(africasTalkingConfigFromEnv({})).toEqual({ problems: [] });
    expect(africasTalkingConfigFromEnv({ AT_USERNAME: '', AT_API_KEY: ' ' })).toEqual({ problems: [] });
  });

  it('production: the live host, the username, key, sender id and a 10 s timeout', () => {
    expect(africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'production', AT_USERNAME: 'escrowdelivery', AT_API_KEY: 'atsk_live', AT_SENDER_ID: 'ESCROW' })).toEqual({
      config: { environment: 'production', baseUrl: 'https://api.africastalking.com', username: 'escrowdelivery', apiKey: 'atsk_live', senderId: 'ESCROW', timeoutMs: 10_000 },
      problems: [],
    });
  });

  it('sandbox: the sandbox host, username sandbox; AT_BASE_URL (the simulator) overrides the host', () => {
    expect(africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'k' }).config).toMatchObject({ baseUrl: 'https://api.sandbox.africastalking.com' });
    expect(africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'k', AT_BASE_URL: 'http://127.0.0.1:3100/', AT_TIMEOUT_MS: '2500' }).config).toEqual({
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:3100',
      username: 'sandbox',
      apiKey: 'k',
      timeoutMs: 2_500,
    });
  });

  it('names every missing or bad variable, and gives no config', () => {
    expect(africasTalkingConfigFromEnv({ AT_API_KEY: 'k' })).toEqual({
      problems: ['AT_ENVIRONMENT: required: sandbox or production', "AT_USERNAME: required: the Africa's Talking username (sandbox: sandbox)"],
    });
    const bad = africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'live', AT_USERNAME: 'u', AT_API_KEY: 'k', AT_BASE_URL: 'ftp://x', AT_SENDER_ID: 'ESCROW DELIVERY LTD', AT_TIMEOUT_MS: '500' });
    expect(bad.config).toBeUndefined();
    expect(bad.problems.map((p) => p.split(':')[0])).toEqual(['AT_ENVIRONMENT', 'AT_BASE_URL', 'AT_SENDER_ID', 'AT_TIMEOUT_MS']);
    expect(africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'u', AT_API_KEY: 'k', AT_TIMEOUT_MS: '90000' }).problems).toEqual(['AT_TIMEOUT_MS: must be at most 60000 (a send must end well inside the outbox lease)']);
  });

  it('refuses a live username on the sandbox host (the sandbox has one username)', () => {
    expect(africasTalkingConfigFromEnv({ AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'escrowdelivery', AT_API_KEY: 'k' }).problems).toEqual([
      'AT_USERNAME: must be sandbox with AT_ENVIRONMENT=sandbox (the sandbox\'s one username; your live username goes with production)',
    ]);
  });
});
