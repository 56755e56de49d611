import { spawnSync } from 'node:child_process';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts with defaults on an empty environment: embedded SQLite, 2.5% fee, the repo frontend build', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      database: { kind: 'sqlite' },
      feeBasisPoints: 250,
      paybill: {},
      linkBase: 'http://localhost:3000',
      frontendDist: join(repoRoot, 'frontends/shell/dist'),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/escrow',
      DATABASE_URL: 'postgres://escrow:secret@db:5432/escrow',
      FEE_BASIS_POINTS: '300',
      PAYBILL_BUSINESS_NUMBER: '522522',
      PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd',
      PUBLIC_BASE_URL: 'https://escrow.example.co.ke/',
      FRONTEND_DIST: '/srv/frontend',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/escrow',
      database: { kind: 'postgres', url: 'postgres://escrow:secret@db:5432/escrow' },
      feeBasisPoints: 300,
      paybill: { businessNumber: '522522', accountName: 'Escrow Delivery Ltd' },
      publicBaseUrl: 'https://escrow.example.co.ke',
      linkBase: 'https://escrow.example.co.ke',
      frontendDist: '/srv/frontend',
    });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', FEE_BASIS_POINTS: '', PAYBILL_BUSINESS_NUMBER: '' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite' });
    expect(config.feeBasisPoints).toBe(250);
    expect(config.paybill).toEqual({});
  });

  it('reads the outbox dispatcher settings when set', () => {
    expect(loadConfig({ OUTBOX_CONCURRENCY: '32', OUTBOX_LEASE_SECONDS: '30' }).outbox).toEqual({ concurrency: 32, leaseMs: 30_000 });
    expect(loadConfig({ OUTBOX_LEASE_SECONDS: '60' }).outbox).toEqual({ leaseMs: 60_000 });
    expect(problemsOf({ OUTBOX_CONCURRENCY: '0', OUTBOX_LEASE_SECONDS: '2' }).map((p) => p.split(':')[0])).toEqual(['OUTBOX_CONCURRENCY', 'OUTBOX_LEASE_SECONDS']);
  });

  it('reads the payout worker timings when set (MPESA_PAYOUT_*_SECONDS), and refuses a lease shorter than a Daraja request may take', () => {
    const daraja = {
      MPESA_ENVIRONMENT: 'sandbox',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_INITIATOR_NAME: 'testapi',
      MPESA_SECURITY_CREDENTIAL: 'credential',
      MPESA_PAYOUTS: 'automatic',
    };
    expect(loadConfig(daraja).mpesa?.payoutTiming).toBeUndefined();
    expect(loadConfig({ ...daraja, MPESA_TIMEOUT_MS: '2000', MPESA_PAYOUT_SENDING_LEASE_SECONDS: '3', MPESA_PAYOUT_RESULT_WAIT_SECONDS: '4', MPESA_PAYOUT_STATUS_CHECK_SECONDS: '1' }).mpesa?.payoutTiming).toEqual({
      sendingLeaseMs: 3_000,
      resultWaitMs: 4_000,
      firstStatusCheckMs: 1_000,
    });
    expect(loadConfig({ ...daraja, MPESA_PAYOUT_RESULT_WAIT_SECONDS: '30' }).mpesa?.payoutTiming).toEqual({ resultWaitMs: 30_000 });
    expect(problemsOf({ ...daraja, MPESA_PAYOUT_SENDING_LEASE_SECONDS: '0', MPESA_PAYOUT_RESULT_WAIT_SECONDS: 'soon', MPESA_PAYOUT_STATUS_CHECK_SECONDS: '1.5' }).map((p) => p.split(':')[0])).toEqual([
      'MPESA_PAYOUT_SENDING_LEASE_SECONDS',
      'MPESA_PAYOUT_RESULT_WAIT_SECONDS',
      'MPESA_PAYOUT_STATUS_CHECK_SECONDS',
    ]);
    // The default MPESA_TIMEOUT_MS is 10 s: a 5-second lease would take a slow request for a dead process.
    expect(problemsOf({ ...daraja, MPESA_PAYOUT_SENDING_LEASE_SECONDS: '5' })).toEqual([expect.stringMatching(/^MPESA_PAYOUT_SENDING_LEASE_SECONDS: must be at least MPESA_TIMEOUT_MS \(10000 ms\)/)]);
  });

  it('reads the M-Pesa callback allow-list: addresses and CIDR ranges, IPv4 and IPv6; names the entries that are neither', () => {
    const list = loadConfig({ MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.0/24, 196.201.213.114 2001:db8::/32' }).mpesaCallbackAllowList;
    expect(list?.entries).toEqual(['196.201.214.0/24', '196.201.213.114', '2001:db8::/32']);
    expect(['196.201.214.7', '196.201.213.114', '2001:db8:1::5'].map((a) => list?.allows(a))).toEqual([true, true, true]);
    expect(['196.201.215.1', '196.201.213.115', '2001:db9::1', 'unknown', undefined].map((a) => list?.allows(a))).toEqual([false, false, false, false, false]);
    expect(loadConfig({}).mpesaCallbackAllowList).toBeUndefined();
    expect(problemsOf({ MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.0/33, safaricom.com, 10.0.0.1' })).toEqual(['MPESA_CALLBACK_ALLOWED_IPS: not an IP address or CIDR range: 196.201.214.0/33, safaricom.com']);
  });

  it('resolves a relative data directory to an absolute path', () => {
    expect(isAbsolute(loadConfig({ DATA_DIR: 'tmp/data' }).dataDir)).toBe(true);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      FEE_BASIS_POINTS: '10001',
      DATABASE_URL: 'mysql://db/escrow',
      PAYBILL_BUSINESS_NUMBER: '12',
      PUBLIC_BASE_URL: 'ftp://escrow.example',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'FEE_BASIS_POINTS',
      'PAYBILL_BUSINESS_NUMBER',
      'PUBLIC_BASE_URL',
    ]);
  });

  it.each(['2.5', '-1', '10001', 'abc'])('refuses FEE_BASIS_POINTS=%s (an integer from 0 to 10000)', (value) => {
    expect(problemsOf({ FEE_BASIS_POINTS: value })[0]).toMatch(/^FEE_BASIS_POINTS:/);
  });

  it.each(['0', '10000'])('accepts FEE_BASIS_POINTS=%s', (value) => {
    expect(loadConfig({ FEE_BASIS_POINTS: value }).feeBasisPoints).toBe(Number(value));
  });

  it('runs several API processes only on PostgreSQL (API_WORKERS)', () => {
    const postgres = 'postgres://escrow@db:5432/escrow';
    expect(loadConfig({ API_WORKERS: '1' }).workers).toBeUndefined();
    expect(loadConfig({ API_WORKERS: '3', DATABASE_URL: postgres }).workers).toBe(3);
    expect(problemsOf({ API_WORKERS: '2' })).toEqual(['API_WORKERS: more than 1 needs PostgreSQL (DATABASE_URL); SQLite runs as one process']);
    expect(problemsOf({ API_WORKERS: '0', DATABASE_URL: postgres })[0]).toMatch(/^API_WORKERS:/);
    expect(problemsOf({ API_WORKERS: 'two', DATABASE_URL: postgres })[0]).toMatch(/^API_WORKERS:/);
  });

  it('turns the stores\' nesting check off in production and in the benchmark only (decision 0057)', () => {
    expect(loadConfig({}).storeChecksOff).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).storeChecksOff).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).storeChecksOff).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).storeChecksOff).toBe(true);
    expect(loadConfig({ NODE_ENV: 'benchmark' }).storeChecksOff).toBe(true);
  });

  it('writes the console notifier to a file for development and browser tests, never in production (NOTIFY_CONSOLE_FILE)', () => {
    expect(loadConfig({}).consoleNotifierFile).toBeUndefined();
    expect(loadConfig({ NOTIFY_CONSOLE_FILE: 'data/sms.log' }).consoleNotifierFile).toBe(resolve('data/sms.log'));
    expect(problemsOf({ NOTIFY_CONSOLE_FILE: 'data/sms.log', NODE_ENV: 'production' })).toEqual(['NOTIFY_CONSOLE_FILE: not allowed with NODE_ENV=production (it keeps the codes sent by SMS)']);
  });

  it('production starts without an SMS provider (the console, which withholds codes), flagged so the start warns that no SMS reaches a phone', () => {
    expect(loadConfig({}).production).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'benchmark' }).production).toBeUndefined();
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production).toMatchObject({ production: true });
    expect(production.sms).toBeUndefined();
    expect(production.consoleNotifierFile).toBeUndefined();
  });

  it('reads the log settings (decision 0068): LOG_LEVEL and LOG_FORMAT, JSON in production unless told otherwise', () => {
    expect(loadConfig({}).log).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).log).toBeUndefined();
    expect(loadConfig({ LOG_LEVEL: 'debug' }).log).toEqual({ level: 'debug' });
    expect(loadConfig({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn' }).log).toEqual({ level: 'warn', format: 'pretty' });
    expect(loadConfig({ NODE_ENV: 'production' }).log).toEqual({ format: 'json' });
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).log).toEqual({ format: 'pretty' });
    expect(loadConfig({ LOG_LEVEL: '', LOG_FORMAT: '' }).log).toBeUndefined();
    expect(problemsOf({ LOG_LEVEL: 'verbose', LOG_FORMAT: 'xml' })).toEqual(['LOG_LEVEL: must be trace, debug, info, warn, error, fatal or silent', 'LOG_FORMAT: must be json or pretty']);
  });

  it('serves /metrics only with METRICS_TOKEN (decision 0069), a token of 32 to 256 safe characters', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics).toBeUndefined();
    const token = '0123456789abcdef0123456789abcdef';
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token });
    expect(loadConfig({ METRICS_TOKEN: `${'A'.repeat(250)}._~+/=` }).metrics).toEqual({ token: `${'A'.repeat(250)}._~+/=` });
    const refused = ['METRICS_TOKEN: must be 32 to 256 letters, digits or ._~+/=- (make one with `openssl rand -hex 32`)'];
    for (const bad of [token.slice(1), `${token} `, `${token}"`, 'x'.repeat(257), `${token}\n`]) expect(problemsOf({ METRICS_TOKEN: bad }), bad).toEqual(refused);
  });
});

describe('loadConfig: photos on the local disk or in an S3-compatible bucket (FILE_STORAGE, S3_*)', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const S3 = { FILE_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'us-east-1', S3_BUCKET: 'escrow-photos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: SECRET, S3_FORCE_PATH_STYLE: 'true' };

  it('keeps photos on the disk by default (no fileStorage), also with FILE_STORAGE=local or blank variables', () => {
    expect(loadConfig({}).fileStorage).toBeUndefined();
    expect(loadConfig({ FILE_STORAGE: 'local' }).fileStorage).toBeUndefined();
    expect(loadConfig({ FILE_STORAGE: '', S3_BUCKET: '', S3_REGION: ' ' }).fileStorage).toBeUndefined();
  });

  it('reads every S3 variable', () => {
    expect(loadConfig(S3).fileStorage).toEqual({
      kind: 's3',
      bucket: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'escrow-photos', credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET }, forcePathStyle: true },
    });
  });

  it('on AWS: no endpoint, no keys (the instance role), virtual-hosted addresses', () => {
    expect(loadConfig({ FILE_STORAGE: 's3', S3_REGION: 'eu-west-1', S3_BUCKET: 'escrow.photos-1' }).fileStorage).toEqual({ kind: 's3', bucket: { region: 'eu-west-1', bucket: 'escrow.photos-1', forcePathStyle: false } });
  });

  it('refuses a half-configured bucket, naming every missing or bad variable and never quoting the secret', () => {
    expect(problemsOf({ FILE_STORAGE: 's3' })).toEqual([
      'S3_REGION: required with FILE_STORAGE=s3 (e.g. eu-west-1; auto for Cloudflare R2, us-east-1 for MinIO)',
      'S3_BUCKET: required with FILE_STORAGE=s3 (the private bucket the photos go to)',
    ]);
    expect(problemsOf({ ...S3, S3_ACCESS_KEY_ID: '' })).toEqual(['S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY']);
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toEqual(['S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID']);
    expect(problemsOf({ ...S3, S3_BUCKET: 'Escrow_Photos', S3_REGION: 'EU West', S3_FORCE_PATH_STYLE: 'yes', S3_ENDPOINT: 'ftp://minio:9000' })).toEqual([
      'S3_REGION: must be a region name such as eu-west-1 or auto',
      'S3_BUCKET: must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)',
      'S3_ENDPOINT: must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'http://AKIAEXAMPLE:hunter2@minio:9000' })).toEqual(['S3_ENDPOINT: must not hold credentials (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)']);
    expect(problemsOf({ FILE_STORAGE: 'S3 bucket' })).toEqual(['FILE_STORAGE: must be local or s3']);
    // Both refusals together with the others of the environment, as for every group.
    expect(problemsOf({ FILE_STORAGE: 's3', S3_REGION: 'auto', PORT: 'x' })).toEqual(['PORT: Invalid input: expected number, received NaN', 'S3_BUCKET: required with FILE_STORAGE=s3 (the private bucket the photos go to)']);
    for (const env of [{ ...S3, S3_BUCKET: '' }, { ...S3, S3_ACCESS_KEY_ID: '' }, { ...S3, FILE_STORAGE: 'local' }]) {
      expect(problemsOf(env).join('\n')).not.toContain(SECRET);
    }
  });

  it('refuses S3 settings without FILE_STORAGE=s3: photos would stay on one machine without anyone noticing', () => {
    expect(problemsOf({ S3_BUCKET: 'escrow-photos', S3_SECRET_ACCESS_KEY: SECRET })).toEqual([
      "S3_BUCKET, S3_SECRET_ACCESS_KEY: set, but FILE_STORAGE is not s3 (photos would stay on this machine's disk): set FILE_STORAGE=s3, or remove them",
    ]);
    expect(problemsOf({ FILE_STORAGE: 'local', S3_REGION: 'auto' })).toEqual(["S3_REGION: set, but FILE_STORAGE is not s3 (photos would stay on this machine's disk): set FILE_STORAGE=s3, or remove it"]);
  });
});

describe('start-up with a bad environment', () => {
  it('prints the bad variables and exits with code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'not-a-port', FEE_BASIS_POINTS: '-5' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid environment');
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('FEE_BASIS_POINTS');
  });

  it('refuses a half-configured bucket at start, naming what is missing, never printing the secret key', () => {
    const secret = 'never-printed-0123456789abcdefghijklmnopq';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, FILE_STORAGE: 's3', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: secret },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid environment');
    expect(run.stderr).toContain('S3_BUCKET: required with FILE_STORAGE=s3');
    expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  });
});
