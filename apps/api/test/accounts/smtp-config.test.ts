import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('SMTP settings from the environment', () => {
  it('keeps email on the console when no SMTP server is configured', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '', SMTP_HOST: '' }).smtp).toBeUndefined();
  });

  it('takes SMTP_URL, or the host and its parts, with SMTP_FROM', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465', SMTP_FROM: 'Escrow Delivery <no-reply@example.co.ke>' }).smtp).toEqual({
      url: 'smtps://mailer:s3cret@smtp.example.com:465',
      from: 'Escrow Delivery <no-reply@example.co.ke>',
    });
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587', SMTP_SECURE: 'false', SMTP_USER: 'mailer', SMTP_PASS: 's3cret', SMTP_FROM: 'no-reply@example.co.ke' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: 'mailer',
      pass: 's3cret',
      from: 'no-reply@example.co.ke',
    });
  });

  it('takes the number of pooled connections, SMTP_MAX_CONNECTIONS, between 1 and 50', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'a@b.co', SMTP_MAX_CONNECTIONS: '8' }).smtp).toEqual({ url: 'smtp://127.0.0.1:2525', from: 'a@b.co', maxConnections: 8 });
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'a@b.co', SMTP_MAX_CONNECTIONS: '0' })).toThrow(/SMTP_MAX_CONNECTIONS/);
  });

  it('refuses a server without a sender, a bad URL or a bad port, naming each problem', () => {
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM: required/);
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com', SMTP_FROM: 'a@b.co' })).toThrow(/SMTP_URL: must be an smtp/);
    try {
      loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: 'abc', SMTP_FROM: 'a@b.co', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'SMTP_PORT']);
    }
  });
});
