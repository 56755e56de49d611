import { describe, expect, it } from 'vitest';
import { darajaConfigFromEnv } from '../src/index.js';

const sandbox = {
  MPESA_ENVIRONMENT: 'sandbox',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORTCODE: '174379',
  MPESA_PASSKEY: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};

describe('darajaConfigFromEnv', () => {
  it('gives no config and no problems when no MPESA_* variable is set (blank counts as unset)', () => {
    expect(darajaConfigFromEnv({})).toEqual({ problems: [] });
    expect(darajaConfigFromEnv({ PATH: '/usr/bin', MPESA_BASE_URL: '', MPESA_PASSKEY: '  ' })).toEqual({ problems: [] });
  });

  it('reads the sandbox settings with their defaults', () => {
    expect(darajaConfigFromEnv(sandbox)).toEqual({
      problems: [],
      config: {
        environment: 'sandbox',
        baseUrl: 'https://sandbox.safaricom.co.ke',
        consumerKey: 'key',
        consumerSecret: 'secret',
        shortcode: '174379',
        passkey: sandbox.MPESA_PASSKEY,
        transactionType: 'CustomerPayBillOnline',
        partyB: '174379',
        timeoutMs: 10_000,
      },
    });
  });

  it('uses the production host, a Buy Goods till, the initiator pair and a timeout', () => {
    const { config, problems } = darajaConfigFromEnv({
      ...sandbox,
      MPESA_ENVIRONMENT: 'production',
      MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
      MPESA_PARTY_B: '5123456',
      MPESA_INITIATOR_NAME: 'apiop',
      MPESA_SECURITY_CREDENTIAL: 'c2VjcmV0',
      MPESA_TIMEOUT_MS: '15000',
    });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({
      environment: 'production',
      baseUrl: 'https://api.safaricom.co.ke',
      transactionType: 'CustomerBuyGoodsOnline',
      partyB: '5123456',
      initiatorName: 'apiop',
      securityCredential: 'c2VjcmV0',
      timeoutMs: 15_000,
    });
  });

  it('lets MPESA_BASE_URL override the host (the simulator), without a trailing slash', () => {
    expect(darajaConfigFromEnv({ ...sandbox, MPESA_BASE_URL: 'http://127.0.0.1:4010/' }).config?.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('names every missing required variable', () => {
    const { config, problems } = darajaConfigFromEnv({ MPESA_SHORTCODE: '174379' });
    expect(config).toBeUndefined();
    expect(problems).toEqual([
      'MPESA_ENVIRONMENT: required: sandbox or production',
      'MPESA_CONSUMER_KEY: required: the consumer key of the Daraja app',
      'MPESA_CONSUMER_SECRET: required: the consumer secret of the Daraja app',
      'MPESA_PASSKEY: required: the Lipa na M-Pesa Online passkey',
    ]);
  });

  it.each([
    ['MPESA_ENVIRONMENT', 'live', 'MPESA_ENVIRONMENT: must be sandbox or production'],
    ['MPESA_BASE_URL', 'localhost:4010', 'MPESA_BASE_URL: must be an http(s) URL, e.g. http://127.0.0.1:4010 for the simulator'],
    ['MPESA_BASE_URL', 'ftp://example.com', 'MPESA_BASE_URL: must be an http(s) URL, e.g. http://127.0.0.1:4010 for the simulator'],
    ['MPESA_SHORTCODE', '17437x', 'MPESA_SHORTCODE: must be a shortcode of 5 to 9 digits'],
    ['MPESA_TRANSACTION_TYPE', 'PayBill', 'MPESA_TRANSACTION_TYPE: must be CustomerPayBillOnline or CustomerBuyGoodsOnline'],
    ['MPESA_PARTY_B', 'till-1', 'MPESA_PARTY_B: must be a till or shortcode number of 5 to 9 digits'],
    ['MPESA_TIMEOUT_MS', 'soon', 'MPESA_TIMEOUT_MS: must be a whole number of milliseconds'],
    ['MPESA_TIMEOUT_MS', '1500.5', 'MPESA_TIMEOUT_MS: must be a whole number of milliseconds'],
    ['MPESA_TIMEOUT_MS', '10', 'MPESA_TIMEOUT_MS: must be at least 1000'],
    ['MPESA_TIMEOUT_MS', '600000', 'MPESA_TIMEOUT_MS: must be at most 120000'],
  ])('%s=%j: %s', (name, value, problem) => {
    const { config, problems } = darajaConfigFromEnv({ ...sandbox, [name]: value });
    expect(config).toBeUndefined();
    expect(problems).toEqual([problem]);
  });

  it('wants the initiator name and security credential together', () => {
    const { config, problems } = darajaConfigFromEnv({ ...sandbox, MPESA_INITIATOR_NAME: 'testapi' });
    expect(config).toBeUndefined();
    expect(problems).toEqual(['MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL: set both (Transaction Status needs the pair) or neither']);
  });
});
