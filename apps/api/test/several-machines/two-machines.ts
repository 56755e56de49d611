import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3RVER_CREDENTIALS, type S3Server } from '@escrow/storage-s3/testing';
import { freePort, runSource, type SourceRun } from '@escrow/test-kit';
import { createTestSchema } from '@escrow/test-kit/postgres';
import pg from 'pg';
import { startApiProcess, type ApiProcess } from '../files/api-process.js';
import { TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';

const CLI_DIR = fileURLToPath(new URL('../../../cli/', import.meta.url));

/** One "machine": an API process with a DATA_DIR of its own, and the environment it (and the admin CLI on that machine) runs with. */
export interface Machine {
  readonly name: string;
  readonly base: string;
  readonly env: Readonly<Record<string, string>>;
  readonly dataDir: string;
  readonly api: ApiProcess;
}

export interface TwoMachines {
  readonly a: Machine;
  readonly b: Machine;
  readonly bucket: string;
  /** Runs SQL in the service's schema (the test's look into the database, or its clock for an account's age). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Two API processes, as on two machines: separate DATA_DIRs, one PostgreSQL schema, one bucket on
 * the test's S3 server (FILE_STORAGE=s3). A starts first (it migrates the schema), then B.
 */
export async function startTwoMachines(postgresUrl: string, s3: S3Server, options: { machineEnv?: (port: number) => Record<string, string> } = {}): Promise<TwoMachines> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const schema = await createTestSchema(postgresUrl);
    cleanups.push(() => schema.drop());
    const url = new URL(postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    const bucket = `escrow-machines-${process.pid}-${schema.schema.slice(2, 10)}`;
    await s3.createBucket(bucket);
    const shared = {
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      DATABASE_URL: url.toString(),
      MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
      FILE_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    const machine = async (name: string): Promise<Machine> => {
      const dataDir = await mkdtemp(join(tmpdir(), `escrow-machine-${name}-`));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // A machine's own settings may name its port (M-Pesa's callback URL): chosen first, then.
      const port = options.machineEnv ? await freePort() : 0;
      const env = { ...shared, DATA_DIR: dataDir, ...(options.machineEnv ? { PORT: String(port), ...options.machineEnv(port) } : {}) };
      const api = await startApiProcess(env);
      cleanups.push(() => api.stop());
      return { name, base: `http://127.0.0.1:${api.port}`, env, dataDir, api };
    };
    const a = await machine('a');
    const b = await machine('b');
    const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> => {
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    };
    return { a, b, bucket, query, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type CliRun = SourceRun;

/** The admin CLI (escrow-admin) run on a machine, from its TypeScript, as an operator would: that machine's environment only. */
export function adminCli(machine: Machine, args: readonly string[]): Promise<CliRun> {
  return runSource({ cwd: CLI_DIR, entry: 'src/main.ts', args, env: { ESCROW_OPERATOR: 'several-machines-test', ...machine.env } });
}
