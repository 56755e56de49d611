import { z } from 'zod';

export type DarajaEnvironment = 'sandbox' | 'production';
export type StkTransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';

export const DARAJA_HOSTS: Readonly<Record<DarajaEnvironment, string>> = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
};

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface DarajaConfig {
  readonly environment: DarajaEnvironment;
  /** Without a trailing slash: the environment's host, or MPESA_BASE_URL (the simulator). */
  readonly baseUrl: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** BusinessShortCode: the paybill, or the store number of a till. */
  readonly shortcode: string;
  readonly passkey: string;
  readonly transactionType: StkTransactionType;
  /** Who receives an STK payment: the till for Buy Goods, otherwise the shortcode. */
  readonly partyB: string;
  /** Both or neither: Transaction Status, B2C, B2B and Reversal need them. */
  readonly initiatorName?: string;
  readonly securityCredential?: string;
  /** PartyA of B2C and B2B payouts when they go out of another shortcode than `shortcode`. */
  readonly payoutShortcode?: string;
  /** Per HTTP attempt. */
  readonly timeoutMs: number;
}

// An empty variable (`MPESA_BASE_URL=` in a .env file) means "not set", as in apps/api's config.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
// A missing required variable gets its own sentence rather than zod's "expected string, received undefined".
const ifMissing = (missing: string) => (issue: { input?: unknown }) => (issue.input === undefined ? missing : undefined);
const requiredText = (missing: string) => z.preprocess(blankToUndefined, z.string({ error: ifMissing(missing) }).trim().min(1));
const digits = (what: string, missing?: string) =>
  z.string(missing ? { error: ifMissing(missing) } : undefined).trim().regex(/^\d{5,9}$/, `must be a ${what} of 5 to 9 digits`);

const envSchema = z.object({
  MPESA_ENVIRONMENT: z.preprocess(
    blankToUndefined,
    z.enum(['sandbox', 'production'], { error: (issue) => (issue.input === undefined ? 'required: sandbox or production' : 'must be sandbox or production') }),
  ),
  MPESA_BASE_URL: optional(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:4010 for the simulator' }).transform((url) => url.replace(/\/+$/, '')),
  ),
  MPESA_CONSUMER_KEY: requiredText('required: the consumer key of the Daraja app'),
  MPESA_CONSUMER_SECRET: requiredText('required: the consumer secret of the Daraja app'),
  MPESA_SHORTCODE: z.preprocess(blankToUndefined, digits('shortcode', 'required: the paybill or store number (sandbox: 174379)')),
  MPESA_PASSKEY: requiredText('required: the Lipa na M-Pesa Online passkey'),
  MPESA_TRANSACTION_TYPE: optional(
    z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'], { error: 'must be CustomerPayBillOnline or CustomerBuyGoodsOnline' }),
  ),
  MPESA_PARTY_B: optional(digits('till or shortcode number')),
  MPESA_PAYOUT_SHORTCODE: optional(digits('B2C/B2B shortcode')),
  MPESA_INITIATOR_NAME: optional(z.string().trim().min(1)),
  MPESA_SECURITY_CREDENTIAL: optional(z.string().trim().min(1)),
  MPESA_TIMEOUT_MS: optional(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1_000, 'must be at least 1000')
      .max(120_000, 'must be at most 120000'),
  ),
});

const MPESA_VARIABLES = Object.keys(envSchema.shape);

/**
 * The Daraja settings from MPESA_* variables. None set: no config and no problems (M-Pesa is
 * then handled by hand). Some set: every bad or missing variable is a problem, named, and no
 * config, so a half-configured payment integration never starts.
 */
export function darajaConfigFromEnv(env: Readonly<Record<string, string | undefined>>): { config?: DarajaConfig; problems: string[] } {
  if (MPESA_VARIABLES.every((name) => blankToUndefined(env[name]) === undefined)) return { problems: [] };
  const result = envSchema.safeParse(env);
  if (!result.success) return { problems: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const v = result.data;
  if ((v.MPESA_INITIATOR_NAME === undefined) !== (v.MPESA_SECURITY_CREDENTIAL === undefined)) {
    return { problems: ['MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL: set both (Transaction Status needs the pair) or neither'] };
  }
  const config: DarajaConfig = {
    environment: v.MPESA_ENVIRONMENT,
    baseUrl: v.MPESA_BASE_URL ?? DARAJA_HOSTS[v.MPESA_ENVIRONMENT],
    consumerKey: v.MPESA_CONSUMER_KEY,
    consumerSecret: v.MPESA_CONSUMER_SECRET,
    shortcode: v.MPESA_SHORTCODE,
    passkey: v.MPESA_PASSKEY,
    transactionType: v.MPESA_TRANSACTION_TYPE ?? 'CustomerPayBillOnline',
    partyB: v.MPESA_PARTY_B ?? v.MPESA_SHORTCODE,
    ...(v.MPESA_INITIATOR_NAME && v.MPESA_SECURITY_CREDENTIAL
      ? { initiatorName: v.MPESA_INITIATOR_NAME, securityCredential: v.MPESA_SECURITY_CREDENTIAL }
      : {}),
    ...(v.MPESA_PAYOUT_SHORTCODE ? { payoutShortcode: v.MPESA_PAYOUT_SHORTCODE } : {}),
    timeoutMs: v.MPESA_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
  };
  return { config, problems: [] };
}
