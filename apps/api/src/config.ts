import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseIpAllowList, type IpAllowList } from './http/ip-allow-list.js';
import type { LogFormat, LogLevel } from './http/logger.js';
import type { SmtpSettings } from '@escrow/notify-smtp';
import { smtpSettingsFromEnv } from './accounts/smtp-config.js';
import { googleSignInFromEnv, type GoogleSignInSettings } from './accounts/google-config.js';
import { darajaConfigFromEnv, type DarajaConfig } from '@escrow/mpesa-daraja';
import { africasTalkingConfigFromEnv, type AfricasTalkingConfig } from '@escrow/sms-africastalking';
// The env parser only: the S3 adapter itself (and the AWS SDK) loads when FILE_STORAGE=s3 (composition root).
import { fileStorageFromEnv, type FileStorageSettings } from '@escrow/storage-s3/env';

// An empty variable (`DATABASE_URL=` in a .env file) means "not set", not "set to ''".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

/** The repo's built frontends, found from this file so the API starts from any directory. */
const DEFAULT_FRONTEND_DIST = fileURLToPath(new URL('../../../frontends/shell/dist', import.meta.url));

const envSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(0).max(65_535), '3000'),
  HOST: withDefault(z.string().min(1), '0.0.0.0'),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection string'),
  ),
  FEE_BASIS_POINTS: withDefault(z.coerce.number().int().min(0).max(10_000), '250'),
  // No default Paybill: showing buyers a made-up number could send real money to a stranger.
  PAYBILL_BUSINESS_NUMBER: optional(z.string().regex(/^\d{5,7}$/, 'must be a 5 to 7 digit Paybill number')),
  PAYBILL_ACCOUNT_NAME: optional(z.string().trim().min(1).max(100)),
  PUBLIC_BASE_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((url) => url.replace(/\/+$/, '')),
  ),
  FRONTEND_DIST: withDefault(z.string().min(1), DEFAULT_FRONTEND_DIST),
  // Proxies in front of the API whose X-Forwarded-For may be believed (per-address rate limits).
  TRUST_PROXY_HOPS: withDefault(z.coerce.number().int().min(0).max(5), '0'),
  // Connections in the PostgreSQL pool of one API process (default 10); each state change holds one until its commit is flushed.
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(100)),
  // API processes sharing the port (node:cluster); more than 1 needs PostgreSQL (decision 0022).
  API_WORKERS: withDefault(z.coerce.number().int().min(1).max(32), '1'),
  // Benchmarks only (`npm run bench`): request rate limits off. Refused unless NODE_ENV is benchmark or test.
  RATE_LIMITS: withDefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'on'),
  // The outbox dispatcher of each API process (decision 0038): sends in flight at once (default 16),
  // and how long a claimed message is held for it before another may take it (default 120 s).
  OUTBOX_CONCURRENCY: optional(z.coerce.number().int().min(1).max(200)),
  OUTBOX_LEASE_SECONDS: optional(z.coerce.number().int().min(5).max(3_600)),
  // Where Daraja sends its callbacks (this API's public origin); default PUBLIC_BASE_URL, else http://127.0.0.1:PORT.
  MPESA_CALLBACK_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((url) => url.replace(/\/+$/, ''))),
  // The secret path segment of the callback URLs; default: one generated per deployment and kept in the database.
  MPESA_CALLBACK_SECRET: optional(z.string().regex(/^[0-9a-f]{32,128}$/, 'must be 32 to 128 lower-case hex digits (Safaricom refuses some words in callback URLs; hex has none)')),
  // Safaricom's callback addresses (IPs and CIDR ranges, comma-separated): set, M-Pesa callbacks from
  // any other address are answered 404 like a wrong secret. Unset: the secret path alone (decision 0042).
  MPESA_CALLBACK_ALLOWED_IPS: optional(z.string().max(4_000)),
  // Register the C2B confirmation/validation URLs with Daraja at start (production registers once; default on).
  MPESA_REGISTER_C2B_URLS: withDefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'on'),
  // Payouts by Daraja B2C/B2B (decision 0051): off (Mark Paid records payouts made by hand),
  // automatic (sent when the order is delivered) or approval (sent when an admin approves).
  MPESA_PAYOUTS: withDefault(z.enum(['off', 'automatic', 'approval'], { error: 'must be off, automatic or approval' }), 'off'),
  // How often each API process's payout worker looks for payouts to send or ask about (default 5 s).
  MPESA_PAYOUT_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3_600)),
  // The payout worker's waits (fault campaigns shorten them; production keeps the defaults): how long a
  // claimed payout may stay "sending" before it is asked about (default 120 s; at least MPESA_TIMEOUT_MS),
  // how long an accepted payout's Result is waited for (default 300 s), and the wait before the first
  // status query (default 60 s; later ones 2, 5, 15, 30, then 60 times as long).
  MPESA_PAYOUT_SENDING_LEASE_SECONDS: optional(z.coerce.number().int().min(1).max(3_600)),
  MPESA_PAYOUT_RESULT_WAIT_SECONDS: optional(z.coerce.number().int().min(1).max(86_400)),
  MPESA_PAYOUT_STATUS_CHECK_SECONDS: optional(z.coerce.number().int().min(1).max(3_600)),
  // The secret path segment of the SMS delivery report URL set in Africa's Talking's dashboard; default: one generated per deployment and kept in the database.
  AT_CALLBACK_SECRET: optional(z.string().regex(/^[0-9a-f]{32,128}$/, 'must be 32 to 128 lower-case hex digits')),
  // Development and tests: the console notifier (SMS without AT_*, email without SMTP) appends its
  // lines to this file instead of printing them, the text of sensitive messages (codes) included,
  // which standard output never shows. Never in production.
  NOTIFY_CONSOLE_FILE: optional(z.string().min(1)),
  // Request and event logs (decision 0068): the lowest level written, and JSON lines or pretty ones for a person.
  LOG_LEVEL: optional(z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], { error: 'must be trace, debug, info, warn, error, fatal or silent' })),
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], { error: 'must be json or pretty' })),
  // GET /metrics for Prometheus (decision 0069): served only with this token, sent as `Authorization: Bearer <token>`.
  METRICS_TOKEN: optional(z.string().regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, 'must be 32 to 256 letters, digits or ._~+/=- (make one with `openssl rand -hex 32`)')),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute; relative values are resolved from the working directory. */
  dataDir: string;
  database: { kind: 'sqlite' } | { kind: 'postgres'; url: string; poolSize?: number };
  feeBasisPoints: number;
  /** Defaults for the Paybill shown to buyers; an admin can change them in the app. */
  paybill: { businessNumber?: string; accountName?: string };
  publicBaseUrl?: string;
  /**
   * Where the links in text messages open: PUBLIC_BASE_URL, else this server as a laptop reaches
   * it (http://localhost:PORT, or HOST when it names one address). Absent with PORT 0 (a port
   * picked at start: tests set PUBLIC_BASE_URL), and then messages carry no links.
   */
  linkBase?: string;
  /** Absolute path of the built shell (frontends/shell/dist) served at /. */
  frontendDist: string;
  /** How many reverse proxies append to X-Forwarded-For; absent: the TCP peer is the client. */
  trustProxyHops?: number;
  /** SMTP_URL or SMTP_HOST/PORT/SECURE/USER/PASS plus SMTP_FROM; absent: email goes to the console. */
  smtp?: SmtpSettings;
  /** RATE_LIMITS=off: no request rate limits (benchmarks; never with NODE_ENV=production). */
  rateLimitsOff?: true;
  /**
   * NODE_ENV=production (or benchmark, which measures production): the stores' check for a call
   * from inside their own transaction is off (a programming-error detector whose
   * AsyncLocalStorage slows every promise; decision 0057). Absent: on, as in every test.
   */
  storeChecksOff?: true;
  /**
   * NODE_ENV=production: starting without an SMS provider (AT_*) is warned about loudly, since
   * the console sends nothing to anyone's phone (composeNotifier). Absent: any other NODE_ENV.
   */
  production?: true;
  /** API_WORKERS above 1: that many API processes share the port (PostgreSQL only); absent: one process. */
  workers?: number;
  /** OUTBOX_CONCURRENCY / OUTBOX_LEASE_SECONDS when set; absent: the dispatcher's defaults. */
  outbox?: { concurrency?: number; leaseMs?: number };
  /** Daraja (MPESA_* variables; the simulator with `npm start`); absent: buyers pay the Paybill by hand. */
  mpesa?: {
    daraja: DarajaConfig;
    callbackBaseUrl: string;
    registerC2bUrls: boolean;
    payouts?: 'automatic' | 'approval';
    payoutIntervalMs?: number;
    /** MPESA_PAYOUT_SENDING_LEASE_SECONDS, _RESULT_WAIT_SECONDS, _STATUS_CHECK_SECONDS when set; absent: the core's defaults. */
    payoutTiming?: { sendingLeaseMs?: number; resultWaitMs?: number; firstStatusCheckMs?: number };
  };
  /**
   * MPESA_CALLBACK_SECRET: the callback path's secret. Set, the callback routes are served even
   * without Daraja credentials (C2B confirmations registered by hand, benchmarks); unset with
   * Daraja, one is generated per deployment.
   */
  mpesaCallbackSecret?: string;
  /** MPESA_CALLBACK_ALLOWED_IPS: only these addresses may call the callback routes; absent: any. */
  mpesaCallbackAllowList?: IpAllowList;
  /**
   * SMS through Africa's Talking (AT_* variables; the simulator with `npm start`); absent: SMS
   * are printed on the console. `callbackBaseUrl`: this API's public origin, for the delivery
   * report URL to set in the dashboard (PUBLIC_BASE_URL, else MPESA_CALLBACK_BASE_URL, else http://127.0.0.1:PORT).
   */
  sms?: { africasTalking: AfricasTalkingConfig; callbackBaseUrl: string };
  /**
   * AT_CALLBACK_SECRET: the delivery report path's secret (required in production). Set, the
   * route is served even without credentials; unset on the sandbox, one is generated per deployment.
   */
  smsCallbackSecret?: string;
  /** NOTIFY_CONSOLE_FILE (absolute): where the console notifier writes its lines; absent: standard output. */
  consoleNotifierFile?: string;
  /** Sign in with Google (GOOGLE_* variables, decision 0060); absent: no Google routes and no button. */
  google?: GoogleSignInSettings;
  /** METRICS_TOKEN: GET /metrics answers a scraper bearing it (decision 0069); absent: no /metrics and no request metrics. */
  metrics?: { token: string };
  /**
   * LOG_LEVEL and LOG_FORMAT; NODE_ENV=production writes JSON when LOG_FORMAT is unset
   * (decision 0068). Absent (or a part absent): level info, and JSON lines unless standard output
   * is a terminal (`npm start` in a shell), where they are pretty; a process whose output a
   * program reads (tests, supervisors) gets JSON.
   */
  log?: { level?: LogLevel; format?: LogFormat };
  /**
   * FILE_STORAGE=s3 and its S3_* settings (decision 0073): photos in that bucket, shared by every
   * machine; absent (FILE_STORAGE=local, the default): photos on this machine's disk under DATA_DIR/uploads.
   */
  fileStorage?: Extract<FileStorageSettings, { kind: 's3' }>;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start-up; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const mail = smtpSettingsFromEnv(env);
  const daraja = darajaConfigFromEnv(env);
  const africasTalking = africasTalkingConfigFromEnv(env);
  // FILE_STORAGE and S3_*: a half-configured bucket is refused, every missing or bad variable named (never its value).
  const storage = fileStorageFromEnv(env);
  if (!parsed.success || mail.problems.length > 0 || daraja.problems.length > 0 || africasTalking.problems.length > 0 || storage.problems.length > 0) {
    throw new ConfigError([...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)), ...mail.problems, ...daraja.problems, ...africasTalking.problems, ...storage.problems]);
  }
  const vars = parsed.data;
  const allowList = vars.MPESA_CALLBACK_ALLOWED_IPS?.trim() ? parseIpAllowList(vars.MPESA_CALLBACK_ALLOWED_IPS) : null;
  if (allowList && !allowList.ok) throw new ConfigError([`MPESA_CALLBACK_ALLOWED_IPS: not an IP address or CIDR range: ${allowList.invalid.join(', ')}`]);
  if (vars.RATE_LIMITS === 'off' && env.NODE_ENV !== 'benchmark' && env.NODE_ENV !== 'test') {
    throw new ConfigError(['RATE_LIMITS: "off" is only for benchmarks and tests (NODE_ENV=benchmark or test)']);
  }
  if (africasTalking.config?.environment === 'production' && !vars.AT_CALLBACK_SECRET) {
    // The URL is typed into Africa's Talking's dashboard, so the operator must know its secret; a generated one would have to be logged.
    throw new ConfigError(["AT_CALLBACK_SECRET: required with AT_ENVIRONMENT=production: the delivery report URL you set in Africa's Talking's dashboard holds it (make one with `openssl rand -hex 16`)"]);
  }
  if (africasTalking.config?.environment === 'production' && !vars.PUBLIC_BASE_URL) {
    // Riders get their job's link by SMS: a link to localhost on a rider's phone opens nothing.
    throw new ConfigError(['PUBLIC_BASE_URL: required with AT_ENVIRONMENT=production: the links sent by SMS (a rider\'s job) open this address (e.g. https://escrow.example.co.ke)']);
  }
  if (vars.NOTIFY_CONSOLE_FILE && env.NODE_ENV === 'production') {
    // The file holds the text of every message, codes included: a development and test aid only.
    throw new ConfigError(['NOTIFY_CONSOLE_FILE: not allowed with NODE_ENV=production (it keeps the codes sent by SMS)']);
  }
  if (vars.MPESA_PAYOUTS !== 'off' && !(daraja.config?.initiatorName && daraja.config.securityCredential)) {
    throw new ConfigError([`MPESA_PAYOUTS=${vars.MPESA_PAYOUTS}: needs Daraja (MPESA_CONSUMER_KEY and the rest) with an initiator (MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL)`]);
  }
  if (vars.MPESA_PAYOUT_SENDING_LEASE_SECONDS && daraja.config && vars.MPESA_PAYOUT_SENDING_LEASE_SECONDS * 1_000 < daraja.config.timeoutMs) {
    // A request still waiting for Daraja's answer would be asked about as if its process had died.
    throw new ConfigError([`MPESA_PAYOUT_SENDING_LEASE_SECONDS: must be at least MPESA_TIMEOUT_MS (${daraja.config.timeoutMs} ms), the longest a payout request may wait for Daraja`]);
  }
  const google = googleSignInFromEnv(env, { linkBase: linkBaseOf(vars).linkBase, production: env.NODE_ENV === 'production' });
  if (google.problems.length > 0) throw new ConfigError(google.problems);
  if (vars.API_WORKERS > 1 && !vars.DATABASE_URL) {
    // SQLite's live events are delivered in-process, and its one writer is serialised per process.
    throw new ConfigError(['API_WORKERS: more than 1 needs PostgreSQL (DATABASE_URL); SQLite runs as one process']);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(vars.DATA_DIR),
    database: vars.DATABASE_URL ? { kind: 'postgres', url: vars.DATABASE_URL, ...(vars.DATABASE_POOL_SIZE ? { poolSize: vars.DATABASE_POOL_SIZE } : {}) } : { kind: 'sqlite' },
    feeBasisPoints: vars.FEE_BASIS_POINTS,
    paybill: {
      ...(vars.PAYBILL_BUSINESS_NUMBER ? { businessNumber: vars.PAYBILL_BUSINESS_NUMBER } : {}),
      ...(vars.PAYBILL_ACCOUNT_NAME ? { accountName: vars.PAYBILL_ACCOUNT_NAME } : {}),
    },
    ...(vars.PUBLIC_BASE_URL ? { publicBaseUrl: vars.PUBLIC_BASE_URL } : {}),
    ...linkBaseOf(vars),
    frontendDist: resolve(vars.FRONTEND_DIST),
    ...(vars.TRUST_PROXY_HOPS > 0 ? { trustProxyHops: vars.TRUST_PROXY_HOPS } : {}),
    ...(mail.smtp ? { smtp: mail.smtp } : {}),
    ...(vars.RATE_LIMITS === 'off' ? { rateLimitsOff: true as const } : {}),
    ...(env.NODE_ENV === 'production' || env.NODE_ENV === 'benchmark' ? { storeChecksOff: true as const } : {}),
    ...(env.NODE_ENV === 'production' ? { production: true as const } : {}),
    ...(vars.NOTIFY_CONSOLE_FILE ? { consoleNotifierFile: resolve(vars.NOTIFY_CONSOLE_FILE) } : {}),
    ...(vars.API_WORKERS > 1 ? { workers: vars.API_WORKERS } : {}),
    ...(daraja.config
      ? {
          mpesa: {
            daraja: daraja.config,
            callbackBaseUrl: vars.MPESA_CALLBACK_BASE_URL ?? vars.PUBLIC_BASE_URL ?? `http://127.0.0.1:${vars.PORT}`,
            registerC2bUrls: vars.MPESA_REGISTER_C2B_URLS === 'on',
            ...(vars.MPESA_PAYOUTS !== 'off' ? { payouts: vars.MPESA_PAYOUTS } : {}),
            ...(vars.MPESA_PAYOUT_INTERVAL_SECONDS ? { payoutIntervalMs: vars.MPESA_PAYOUT_INTERVAL_SECONDS * 1_000 } : {}),
            ...payoutTimingOf(vars),
          },
        }
      : {}),
    ...(vars.MPESA_CALLBACK_SECRET ? { mpesaCallbackSecret: vars.MPESA_CALLBACK_SECRET } : {}),
    ...(allowList?.ok ? { mpesaCallbackAllowList: allowList.list } : {}),
    ...(africasTalking.config
      ? { sms: { africasTalking: africasTalking.config, callbackBaseUrl: vars.PUBLIC_BASE_URL ?? vars.MPESA_CALLBACK_BASE_URL ?? `http://127.0.0.1:${vars.PORT}` } }
      : {}),
    ...(vars.AT_CALLBACK_SECRET ? { smsCallbackSecret: vars.AT_CALLBACK_SECRET } : {}),
    ...(google.google ? { google: google.google } : {}),
    ...(vars.METRICS_TOKEN ? { metrics: { token: vars.METRICS_TOKEN } } : {}),
    ...logSettingsOf(vars, env.NODE_ENV === 'production'),
    ...(storage.settings?.kind === 's3' ? { fileStorage: storage.settings } : {}),
    ...(vars.OUTBOX_CONCURRENCY || vars.OUTBOX_LEASE_SECONDS
      ? { outbox: { ...(vars.OUTBOX_CONCURRENCY ? { concurrency: vars.OUTBOX_CONCURRENCY } : {}), ...(vars.OUTBOX_LEASE_SECONDS ? { leaseMs: vars.OUTBOX_LEASE_SECONDS * 1_000 } : {}) } }
      : {}),
  };
}

function linkBaseOf(vars: { PUBLIC_BASE_URL?: string | undefined; HOST: string; PORT: number }): { linkBase?: string } {
  // The same base the seller's copied links use (orderLinks): a PUBLIC_BASE_URL with a path keeps it.
  if (vars.PUBLIC_BASE_URL) return { linkBase: vars.PUBLIC_BASE_URL };
  if (vars.PORT === 0) return {};
  const host = vars.HOST === '0.0.0.0' || vars.HOST === '::' ? 'localhost' : vars.HOST.includes(':') ? `[${vars.HOST}]` : vars.HOST;
  return { linkBase: `http://${host}:${vars.PORT}` };
}

/** LOG_LEVEL and LOG_FORMAT when set; production writes JSON unless LOG_FORMAT says otherwise. */
function logSettingsOf(vars: { LOG_LEVEL?: LogLevel | undefined; LOG_FORMAT?: LogFormat | undefined }, production: boolean): { log?: { level?: LogLevel; format?: LogFormat } } {
  const format = vars.LOG_FORMAT ?? (production ? 'json' : undefined);
  const log = { ...(vars.LOG_LEVEL ? { level: vars.LOG_LEVEL } : {}), ...(format ? { format } : {}) };
  return Object.keys(log).length > 0 ? { log } : {};
}

/** The payout worker's waits the environment sets (MPESA_PAYOUT_*_SECONDS); none set: nothing, and the core's defaults hold. */
function payoutTimingOf(vars: { MPESA_PAYOUT_SENDING_LEASE_SECONDS?: number | undefined; MPESA_PAYOUT_RESULT_WAIT_SECONDS?: number | undefined; MPESA_PAYOUT_STATUS_CHECK_SECONDS?: number | undefined }): {
  payoutTiming?: { sendingLeaseMs?: number; resultWaitMs?: number; firstStatusCheckMs?: number };
} {
  const timing = {
    ...(vars.MPESA_PAYOUT_SENDING_LEASE_SECONDS ? { sendingLeaseMs: vars.MPESA_PAYOUT_SENDING_LEASE_SECONDS * 1_000 } : {}),
    ...(vars.MPESA_PAYOUT_RESULT_WAIT_SECONDS ? { resultWaitMs: vars.MPESA_PAYOUT_RESULT_WAIT_SECONDS * 1_000 } : {}),
    ...(vars.MPESA_PAYOUT_STATUS_CHECK_SECONDS ? { firstStatusCheckMs: vars.MPESA_PAYOUT_STATUS_CHECK_SECONDS * 1_000 } : {}),
  };
  return Object.keys(timing).length > 0 ? { payoutTiming: timing } : {};
}
