import { z } from 'zod';

export type AfricasTalkingEnvironment = 'sandbox' | 'production';

export const AT_HOSTS: Readonly<Record<AfricasTalkingEnvironment, string>> = {
  sandbox: 'https://api.sandbox.africastalking.com',
  production: 'https://api.africastalking.com',
};

export const AT_DEFAULT_TIMEOUT_MS = 10_000;

export interface AfricasTalkingConfig {
  readonly environment: AfricasTalkingEnvironment;
  /** Without a trailing slash: the environment's host, or AT_BASE_URL (the simulator). */
  readonly baseUrl: string;
  /** The account's username ('sandbox' on the sandbox). */
  readonly username: string;
  readonly apiKey: string;
  /** The alphanumeric sender id or short code SMS come from; absent: the account's default. */
  readonly senderId?: string;
  /** For the whole exchange of one send, reply included. */
  readonly timeoutMs: number;
}

// An empty variable (`AT_BASE_URL=` in a .env file) means "not set", as in apps/api's config.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const ifMissing = (missing: string) => (issue: { input?: unknown }) => (issue.input === undefined ? missing : undefined);
const requiredText = (missing: string) => z.preprocess(blankToUndefined, z.string({ error: ifMissing(missing) }).trim().min(1));

const envSchema = z.object({
  AT_ENVIRONMENT: z.preprocess(
    blankToUndefined,
    z.enum(['sandbox', 'production'], { error: (issue) => (issue.input === undefined ? 'required: sandbox or production' : 'must be sandbox or production') }),
  ),
  AT_BASE_URL: optional(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:3100 for the simulator' }).transform((url) => url.replace(/\/+$/, '')),
  ),
  AT_USERNAME: requiredText("required: the Africa's Talking username (sandbox: sandbox)"),
  AT_API_KEY: requiredText("required: the Africa's Talking API key"),
  // Alphanumeric sender ids are at most 11 characters; short codes are digits.
  AT_SENDER_ID: optional(z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,10}$/, 'must be the sender id or short code approved for the account (at most 11 letters, digits, spaces, dots, dashes)')),
  AT_TIMEOUT_MS: optional(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1_000, 'must be at least 1000')
      .max(60_000, 'must be at most 60000 (a send must end well inside the outbox lease)'),
  ),
});

const AT_VARIABLES = Object.keys(envSchema.shape);

/**
 * Africa's Talking from AT_* variables. None set: no config and no problems (SMS then go to the
 * console). Some set: every bad or missing variable is a problem, named, and no config, so a
 * half-configured SMS integration never starts.
 */
export function africasTalkingConfigFromEnv(env: Readonly<Record<string, string | undefined>>): { config?: AfricasTalkingConfig; problems: string[] } {
  if (AT_VARIABLES.every((name) => blankToUndefined(env[name]) === undefined)) return { problems: [] };
  const result = envSchema.safeParse(env);
  if (!result.success) return { problems: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const v = result.data;
  if (v.AT_ENVIRONMENT === 'sandbox' && v.AT_BASE_URL === undefined && v.AT_USERNAME !== 'sandbox') {
    return { problems: ["AT_USERNAME: must be sandbox with AT_ENVIRONMENT=sandbox (the sandbox's one username; your live username goes with production)"] };
  }
  return {
    config: {
      environment: v.AT_ENVIRONMENT,
      baseUrl: v.AT_BASE_URL ?? AT_HOSTS[v.AT_ENVIRONMENT],
      username: v.AT_USERNAME,
      apiKey: v.AT_API_KEY,
      ...(v.AT_SENDER_ID ? { senderId: v.AT_SENDER_ID } : {}),
      timeoutMs: v.AT_TIMEOUT_MS ?? AT_DEFAULT_TIMEOUT_MS,
    },
    problems: [],
  };
}
