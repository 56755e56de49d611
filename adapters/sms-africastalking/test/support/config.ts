import type { AfricasTalkingConfig } from '../../src/index.js';

/** The client's settings for a simulator (or a scripted server) at `baseUrl`, as AT_BASE_URL gives them. */
export const configFor = (baseUrl: string, change: Partial<AfricasTalkingConfig> = {}): AfricasTalkingConfig => ({
  environment: 'sandbox',
  baseUrl,
  username: 'sandbox',
  apiKey: 'sim-at-api-key',
  senderId: 'ESCROW',
  timeoutMs: 5_000,
  ...change,
});

export const sms = (to: string, body = 'Escrow Delivery: your delivery code is 482913.') => ({ channel: 'sms' as const, to, subject: 'Delivery code', body, sensitive: true });
