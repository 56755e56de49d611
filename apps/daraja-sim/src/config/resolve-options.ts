import type { DarajaSimOptions, MsisdnFormat } from '../public-types.js';

/** The public Daraja sandbox test passkey for shortcode 174379 (fact sheet, section 7). */
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
export const SANDBOX_SHORT_CODE = '174379';

export interface ResolvedShortCode {
  shortCode: string;
  passkey: string;
  externalValidation: boolean;
  name: string;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  consumers: { key: string; secret: string }[];
  shortCodes: ResolvedShortCode[];
  msisdnFormat: MsisdnFormat;
  tokenTtlSeconds: number;
  pin: string;
  promptTimeoutMs: number;
  callbackDelayMs: number;
  callbackTimeoutMs: number;
  sms: { username: string; apiKey: string; deliveryReportUrl: string | null; deliveryReportDelayMs: number };
  payoutFloat: number;
}

export function resolveOptions(options: DarajaSimOptions = {}): ResolvedOptions {
  const shortCodes = options.shortCodes ?? [{ shortCode: SANDBOX_SHORT_CODE, passkey: SANDBOX_PASSKEY }];
  if (shortCodes.length === 0) throw new Error('DarajaSimOptions.shortCodes needs at least one shortcode');
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    consumers: options.consumers ?? [{ key: 'sim-consumer-key', secret: 'sim-consumer-secret' }],
    shortCodes: shortCodes.map((s) => ({
      shortCode: s.shortCode,
      passkey: s.passkey,
      externalValidation: s.externalValidation ?? false,
      name: s.name ?? `SIM BUSINESS ${s.shortCode}`,
    })),
    msisdnFormat: options.msisdnFormat ?? 'sha256',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3599,
    pin: options.pin ?? '1234',
    promptTimeoutMs: options.promptTimeoutMs ?? 60_000,
    callbackDelayMs: options.callbackDelayMs ?? 100,
    callbackTimeoutMs: options.callbackTimeoutMs ?? 8_000,
    sms: {
      username: options.sms?.username ?? 'sandbox',
      apiKey: options.sms?.apiKey ?? 'sim-at-api-key',
      deliveryReportUrl: options.sms?.deliveryReportUrl ?? null,
      deliveryReportDelayMs: options.sms?.deliveryReportDelayMs ?? options.callbackDelayMs ?? 100,
    },
    payoutFloat: options.payoutFloat ?? 1_000_000,
  };
}

export function findShortCode(options: ResolvedOptions, shortCode: string): ResolvedShortCode | undefined {
  return options.shortCodes.find((s) => s.shortCode === shortCode);
}
